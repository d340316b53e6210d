import { Anchor, Box, Container, Group } from '@mantine/core';
import { AppLink } from '../lib/nav';
import classes from './AppLayout.module.css';
import { Logo } from './Logo';

/**
 * The skip link and the header bar with the product name. Also prerendered into index.html at build
 * time (src/client/app/shell.tsx), so the page paints its header before any script has run.
 */
export function AppHeader({ appTitle }: { appTitle: string }) {
  return (
    <>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <Box component="header" className={classes.header}>
        <Container size="lg">
          <Group h={56} justify="space-between">
            <Anchor component={AppLink} to="/" underline="never" className={classes.brand}>
              <Logo size={28} />
              <span>{appTitle}</span>
            </Anchor>
          </Group>
        </Container>
      </Box>
    </>
  );
}
