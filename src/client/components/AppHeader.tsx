import { Anchor, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLink } from '../lib/nav';
import classes from './AppLayout.module.css';
import { Logo } from './Logo';

/**
 * The skip link and the header bar with the product name. Also prerendered into index.html at build
 * time (src/client/app/shell.tsx), so the page paints its header before any script has run.
 */
export function AppHeader({
  appTitle,
  nav,
  width = 'lg',
}: {
  appTitle: string;
  /** The signed-in person's links (a student's, StudentNav). */
  nav?: ReactNode;
  /** The page's column (AppLayout's pageWidthFor), so that the header lines up with it. */
  width?: 'lg' | 'xl';
}) {
  return (
    <>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <Box component="header" className={classes.header}>
        <Container size={width}>
          {/* One row of 56 px; with large text on a phone the links go under the name instead of off the screen. */}
          <Group mih={56} justify="space-between" wrap="wrap" gap="xs">
            <Anchor component={AppLink} to="/" underline="never" className={classes.brand} aria-label={nav ? appTitle : undefined}>
              <Logo size={28} />
              {/* Beside the links on a phone, the logo alone (the link keeps the name). */}
              <span className={nav ? classes.brandTextBeside : undefined}>{appTitle}</span>
            </Anchor>
            {nav}
          </Group>
        </Container>
      </Box>
    </>
  );
}
