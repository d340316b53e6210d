// Mantine's CSS for the components the app draws (decision 0026), ahead of the app's own.
import './app/mantine-styles';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import './app/common';
import { lightPageFor } from './app/light-pages';
import { reloadWhenSignInChanges } from './lib/auth/sign-in-change';
import { userFromPage } from './lib/auth/user-from-page';
import { preloadRoute } from './lib/preload-route';

preloadRoute();
reloadWhenSignInChanges();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// The CSS variables and classes Mantine's provider would write, prerendered with the header, stay in
// the head when the first render replaces the header (app/Providers.tsx).
for (const style of container.querySelectorAll('style[data-mantine-styles]')) document.head.append(style);
const root = createRoot(container);

// Until the first render, the page shows the header prerendered into index.html (app/shell.tsx).
// The first visit's pages (/, /auth, /forgot-password) start the light app, without React Router and
// TanStack Query; every other path starts the full app (decision 0022). The app and the opened page
// download side by side; the first render waits for both.
const lightPage = lightPageFor(window.location.pathname);
if (lightPage) {
  // A page that cannot be downloaded shows the error page, as the router's would.
  const page = lightPage().then(({ default: Page }) => ({ Page }), (error: unknown) => ({ error }));
  void Promise.all([import('./app/light'), page]).then(([{ renderLight }, opened]) => renderLight(root, opened));
} else {
  void import('./app/full').then(async ({ loadFull, renderFull }) => {
    await loadFull(window.location.pathname);
    renderFull(root, userFromPage());
  });
}
