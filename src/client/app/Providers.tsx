import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT, useToastContainerWanted } from '../lib/notify';
import { cssVariablesResolver, theme } from './theme';
import toastClasses from './Toasts.module.css';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

function ToastContainer() {
  const wanted = useToastContainerWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position="top-center" className={toastClasses.toasts} />
    </Suspense>
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <ToastContainer />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
