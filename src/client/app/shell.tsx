import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { APP_TITLE_MARKER } from '../../shared/index-page';
import { AppShellFrame } from '../components/AppLayout';
import { cssVariablesResolver, theme } from './theme';

/**
 * The page frame and header as HTML, written into index.html's #root at build time (vite.config.ts).
 * The browser paints it as soon as the HTML and CSS are in, well before the scripts; the app's first
 * render then replaces it with the same header and the page. The title is a marker the server fills in.
 */
export function renderShell(): string {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <AppShellFrame appTitle={APP_TITLE_MARKER} />
    </MantineProvider>,
  );
}
