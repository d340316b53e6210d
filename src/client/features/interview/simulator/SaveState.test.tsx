import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OutboxStatus } from '../../../lib/outbox';
import { SaveState } from './SaveState';

const render = (status: OutboxStatus, attemptId: string | null = 'attempt-1') =>
  renderToStaticMarkup(
    <MantineProvider>
      <SaveState status={status} attemptId={attemptId} />
    </MantineProvider>,
  );

describe("the finished interview's save", () => {
  it('refused by the server: says why and offers Try again, as the speaking test does', () => {
    const html = render({ state: 'failed', status: 403, message: 'Your account is deactivated.' });
    expect(html).toContain('Error saving interview');
    expect(html).toContain('Your account is deactivated.');
    expect(html).toMatch(/<button[^>]*>[\s\S]*Try again[\s\S]*<\/button>/);
  });

  it('offers nothing to press before the save has an id, or once it is saved', () => {
    expect(render({ state: 'failed', status: 400, message: 'Bad answers.' }, null)).not.toContain('Try again');
    expect(render({ state: 'saved', result: null, recordingError: null })).not.toContain('Try again');
  });
});
