import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white button text above the WCAG AA contrast ratio (4.5:1); shade 6 does not.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif' },
  // Visible focus for keyboard users everywhere.
  focusRing: 'auto',
  components: {
    // Named here as plain objects (not Modal.extend) so the theme does not pull Modal into the entry chunk.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A light alert's title in its own colour (orange.6, yellow.6 ...) is under 4.5:1 on its background.
    // Its message clips what overflows (Mantine's overflow: hidden), which cut the focus ring of a
    // button inside (Continue, Try again): long words wrap instead.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' }, message: { overflow: 'visible', overflowWrap: 'anywhere' } } },
  },
});

/**
 * Mantine's default "dimmed" grey (gray.6) and error red (red.6) are about 3.3:1 on white; shade 7/8 pass WCAG AA.
 * A hovered light button (indigo.9 text on indigo.2) is 4.1:1: light buttons rest on indigo.0 (6.1:1) and
 * hover to indigo.1 (5.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-indigo-light': 'var(--mantine-color-indigo-0)',
    '--mantine-color-indigo-light-hover': 'var(--mantine-color-indigo-1)',
  },
  dark: {},
});
