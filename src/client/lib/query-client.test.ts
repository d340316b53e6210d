import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPost, UNREACHABLE_TEXT } from './api';
import { SIGN_IN_TIMEOUT_MS, signInRequest } from './auth/requests';
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

describe('a request with a time limit', () => {
  it('stops when the network took it and went quiet, and says the server could not be reached, instead of spinning for ever', async () => {
    // A fetch that never answers, as a network that swallowed the request: only its abort ends it.
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))));
    const outcome = await Promise.race([
      apiPost('/api/login', { username: 'a', password: 'b' }, { timeoutMs: 50 }).then(
        () => 'answered',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000)),
    ]);
    expect(outcome).toBe(UNREACHABLE_TEXT);
  });

  it('is what signing in has (a spinner on Sign in for ever was the other way)', async () => {
    const sent: RequestInit[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      sent.push(init);
      return Promise.resolve(new Response('{"id":1}', { status: 200 }));
    });
    await signInRequest({ username: 'a', password: 'b' });
    expect(sent[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(SIGN_IN_TIMEOUT_MS).toBe(30_000);
  });
});
