import { MantineContext, MantineProvider, MantineThemeProvider } from '@mantine/core';
import type { NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT, useToastContainerWanted } from '../lib/notify';
import { cssVariablesResolver, theme } from './theme';
import toastClasses from './Toasts.module.css';

// A download that fails (the phone offline at its first toast) renders no toasts rather than throwing
// out of the whole page: with no error boundary above, React would leave the page blank.
const Notifications = lazy(() => import('@mantine/notifications').then(({ Notifications }) => ({ default: Notifications }), () => ({ default: (_props: NotificationsProps): ReactNode => null })));

function ToastContainer() {
  const wanted = useToastContainerWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position="bottom-left" className={toastClasses.toasts} />
    </Suspense>
  );
}

const noop = () => {};

/**
 * What MantineProvider gives the components, for Parley's fixed light scheme, without what the built
 * page already holds: the CSS variables and global classes MantineProvider writes into a <style> at
 * run time are in index.html, prerendered with the header from the same theme (app/shell.tsx,
 * decision 0012), and the bootstrap keeps them in the head (main.tsx). That leaves the variables'
 * generator, the colour-scheme manager and the reduced-motion hook out of every first visit (~3 KB,
 * decision 0022). The development server has no prerendered page and uses MantineProvider.
 */
const mantineContext: NonNullable<ComponentProps<typeof MantineContext>['value']> = {
  colorScheme: 'light',
  setColorScheme: noop,
  clearColorScheme: noop,
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesResolver,
  cssVariablesSelector: ':root',
  withStaticClasses: true,
};

function Mantine({ children }: { children: ReactNode }) {
  if (import.meta.env.DEV) {
    return (
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        {children}
      </MantineProvider>
    );
  }
  return (
    <MantineContext value={mantineContext}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}

/**
 * Mantine and the toasts, around either app (decision 0022). When the light app of the first visit
 * hands over to the full app, React keeps this part (same components in the same place), so a toast
 * on screen (e.g. "Login successful") stays through the change.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <Mantine>
      <ToastContainer />
      {children}
    </Mantine>
  );
}
