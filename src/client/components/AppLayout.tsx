import { Box, Container, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { getPublicConfig } from '../lib/public-config';
import { AppHeader } from './AppHeader';
import classes from './AppLayout.module.css';

export const FOOTER_NOTE = 'This tool is for IELTS speaking practice only; its band scores are estimates.';

/**
 * The page frame and header. Alone (no children) it is what the page shows before its scripts run,
 * prerendered into index.html (app/shell.tsx); AppLayout fills it.
 */
export function AppShellFrame({ appTitle, children }: { appTitle: string; children?: ReactNode }) {
  return (
    <div className={classes.page}>
      <AppHeader appTitle={appTitle} />
      {children}
    </div>
  );
}

/** Header with the product name, the page, and the footer with the copyright line. */
export function AppLayout() {
  const { appTitle } = getPublicConfig();
  return (
    <AppShellFrame appTitle={appTitle}>
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
    </AppShellFrame>
  );
}
