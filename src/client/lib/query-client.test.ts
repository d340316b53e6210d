import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPost, UNREACHABLE_TEXT } from './api';
import { createQueryClient } from './query-client';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('a change made while offline', () => {
  it('fails at once with a sentence a student can act on, instead of waiting with Save spinning', async () => {
    onlineManager.setOnline(false);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, { mutationFn: () => apiPost('/api/interview-profile', {}) });
    const outcome = await Promise.race([
      mutation.execute(undefined).then(
        () => 'saved',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 500)),
    ]);
    expect(outcome).toBe(UNREACHABLE_TEXT);
  });
});
