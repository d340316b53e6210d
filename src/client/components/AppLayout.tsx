import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { getPublicConfig } from '../lib/public-config';
import classes from './AppLayout.module.css';

export const FOOTER_NOTE = 'This tool is for IELTS speaking practice only; its band scores are estimates.';

/** Header with the product name, the page, and the footer with the copyright line. */
export function AppLayout() {
  const { appTitle } = getPublicConfig();
  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <Box component="header" className={classes.header}>
        <Container size="lg">
          <Group h={56} justify="space-between">
            <Anchor component={Link} to="/" underline="never" className={classes.brand}>
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <span>{appTitle}</span>
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </Box>
      <Box component="footer" className={classes.footer}>
        <Container size="lg">
          <Text size="xs" c="dimmed" ta="center">
            © {new Date().getFullYear()} {appTitle}. {FOOTER_NOTE}
          </Text>
        </Container>
      </Box>
    </div>
  );
}
