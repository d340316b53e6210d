import { Box, Container, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { getPublicConfig } from '../lib/public-config';
import { AppHeader } from './AppHeader';
import classes from './AppLayout.module.css';

export const FOOTER_NOTE = 'This tool is for IELTS speaking practice only; its band scores are estimates.';
export const INTERVIEW_FOOTER_NOTE = 'This tool is for job interview practice only; its scores are estimates.';
export const PROGRESS_FOOTER_NOTE = 'This tool is for speaking and interview practice; its scores are estimates unless your teacher has reviewed them.';

/** The footer's note for the page: the interview pages are not IELTS practice (issue 16). */
export function footerNoteFor(pathname: string): string {
  if (pathname.startsWith('/interview-')) return INTERVIEW_FOOTER_NOTE;
  if (pathname === '/progress' || pathname.startsWith('/progress/')) return PROGRESS_FOOTER_NOTE;
  return FOOTER_NOTE;
}

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

/**
 * Header with the product name, the page, and the footer with the copyright line. Both apps render it
 * (decision 0022): the full app with the router's outlet and location, the light app with its page.
 */
export function AppLayout({
  pathname,
  children,
  appTitle = getPublicConfig().appTitle,
  year = String(new Date().getFullYear()),
}: {
  pathname: string;
  children: ReactNode;
  /** Given only by the frames prerendered at build time (app/shell.tsx): markers the server fills in. */
  appTitle?: string;
  year?: string;
}) {
  return (
    <AppShellFrame appTitle={appTitle}>
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        {children}
      </Box>
      <Box component="footer" className={classes.footer}>
        <Container size="lg">
          <Text size="xs" c="dimmed" ta="center">
            © {year} {appTitle}. {footerNoteFor(pathname)}
          </Text>
        </Container>
      </Box>
    </AppShellFrame>
  );
}
