import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/Providers';
import { createRouter, loadOpenedPage } from './app/router';
import { seedCurrentUser } from './lib/auth/current-user';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
seedCurrentUser(queryClient);

// Until the first render, the page shows the header prerendered into index.html (app/shell.tsx).
// The first render is a transition: React renders in slices of a few milliseconds, and the page,
// already painted, stays responsive to the hand (no long task while the page is built).
void loadOpenedPage(window.location).then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={createRouter()} />
        </Providers>
      </StrictMode>,
    );
  });
});
