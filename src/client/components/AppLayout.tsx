import { Box, Container, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageArrival } from '../lib/page-arrival';
import { getPublicConfig } from '../lib/public-config';
import { AppHeader } from './AppHeader';
import classes from './AppLayout.module.css';

export const FOOTER_NOTE = 'This tool is for IELTS speaking practice only; its band scores are estimates.';
export const INTERVIEW_FOOTER_NOTE = 'This tool is for job interview practice only; its scores are estimates.';
export const PROGRESS_FOOTER_NOTE = 'This tool is for speaking and interview practice; its scores are estimates unless your teacher has reviewed them.';
export const TEACHER_FOOTER_NOTE = "The school's teachers' console: bands and scores are automatic estimates except where a teacher's are shown.";

/** Who is signed in, as far as the footer is concerned (undefined: not known, e.g. a frame drawn before the app). */
export type FooterReader = 'teacher' | 'student' | undefined;

/**
 * The footer's note for the page: the interview pages are not IELTS practice, nor is the teachers'
 * console. A student who opens /admin sees the Access Denied panel, under a student's note.
 */
export function footerNoteFor(pathname: string, reader?: FooterReader): string {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return reader === 'student' ? PROGRESS_FOOTER_NOTE : TEACHER_FOOTER_NOTE;
  if (pathname.startsWith('/interview-')) return INTERVIEW_FOOTER_NOTE;
  if (pathname === '/progress' || pathname.startsWith('/progress/')) return PROGRESS_FOOTER_NOTE;
  return FOOTER_NOTE;
}

export type PageWidth = 'lg' | 'xl';

/**
 * The teachers' console uses the wide column on every page (its tables need it), so its header and
 * footer line up with the page and stay put from one console page to the next.
 */
export function pageWidthFor(pathname: string): PageWidth {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'xl' : 'lg';
}

/**
 * The page frame and header. Alone (no children) it is what the page shows before its scripts run,
 * prerendered into index.html (app/shell.tsx); AppLayout fills it.
 */
export function AppShellFrame({ appTitle, nav, width = 'lg', children }: { appTitle: string; nav?: ReactNode; width?: PageWidth; children?: ReactNode }) {
  return (
    <div className={classes.page}>
      <AppHeader appTitle={appTitle} nav={nav} width={width} />
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
  nav,
  reader,
}: {
  pathname: string;
  children: ReactNode;
  /** Who is signed in, for the footer's note. */
  reader?: FooterReader;
  /** The header's links for the signed-in person (the full app's student pages). */
  nav?: ReactNode;
  /** Given only by the frames prerendered at build time (app/shell.tsx): markers the server fills in. */
  appTitle?: string;
  year?: string;
}) {
  usePageArrival(pathname, appTitle);
  return (
    <AppShellFrame appTitle={appTitle} nav={nav} width={pageWidthFor(pathname)}>
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        {children}
      </Box>
      <Box component="footer" className={classes.footer}>
        <Container size={pageWidthFor(pathname)}>
          <Text size="xs" c="dimmed" ta="center">
            © {year} {appTitle}. {footerNoteFor(pathname, reader)}
          </Text>
        </Container>
      </Box>
    </AppShellFrame>
  );
}
