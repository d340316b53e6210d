import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DashboardSkeleton } from '../features/interview/dashboard/DashboardSkeleton';
import { renderRouteFrames } from './shell';
import { theme } from './theme';

/* The route frames the build writes into the page (app/shell.tsx), as the browser gets them before any script. */

describe('route frames', () => {
  const frames = renderRouteFrames();

  it('draw their placeholders standing still: no shimmer for the compositor to start just as the scripts begin', () => {
    expect(Object.keys(frames).sort()).toEqual(['/admin', '/admin/courses', '/interview-dashboard', '/interview-simulator', '/test', '/test android']);
    for (const [route, html] of Object.entries(frames)) expect(html, route).not.toContain('data-animate');
    for (const route of ['/admin', '/admin/courses', '/interview-dashboard']) expect(frames[route], route).toContain('mantine-Skeleton-root');
  });

  it("leave the page's own placeholders shimmering once the app draws them", () => {
    const html = renderToStaticMarkup(
      <MantineProvider theme={theme}>
        <DashboardSkeleton />
      </MantineProvider>,
    );
    expect(html).toContain('data-animate="true"');
  });
});
