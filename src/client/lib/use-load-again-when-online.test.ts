import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { offlineText, waitingForConnection } from './use-load-again-when-online';

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('a read while the device is offline', () => {
  it('is seen as waiting for the connection (not loading for ever), and loads by itself once back online', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    client.mount();
    let reads = 0;
    const observer = new QueryObserver(client, { queryKey: ['student', 'test-history'], queryFn: async () => (reads += 1) });
    const unsubscribe = observer.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(waitingForConnection(observer.getCurrentResult())).toBe(true);
    expect(reads).toBe(0);
    expect(offlineText('your earlier tests')).toBe('This device seems to be offline: your earlier tests will load as soon as the connection returns.');
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    expect(waitingForConnection(observer.getCurrentResult())).toBe(false);
    unsubscribe();
    client.unmount();
  });
});
