import autocannon from 'autocannon';

export interface ListLoadResult {
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/**
 * A list read on `connections` connections for `durationS` (or until stopped). Its p99 is worked out
 * from every response's own time: autocannon's table rounds to whole milliseconds, and the lists
 * answer in a few, so a 20 % budget could not be told from one millisecond of rounding.
 */
export function startListLoad(url: string, cookie: string, connections: number, durationS: number): { stop: () => void; done: Promise<ListLoadResult> } {
  const times: number[] = [];
  let finish: (error: unknown, result: autocannon.Result) => void = () => {};
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    finish = (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result));
  });
  const instance = autocannon({ url, connections, duration: durationS, headers: { cookie } }, (error: unknown, result: autocannon.Result) => finish(error, result));
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const done = finished.then((result) => {
    times.sort((a, b) => a - b);
    const p99Ms = times.length > 0 ? (times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)] ?? 0) : Number.NaN;
    return { p99Ms: Math.round(p99Ms * 100) / 100, requests: times.length, non2xx: result.non2xx, errors: result.errors };
  });
  return { stop: () => instance.stop(), done };
}

export function listLoad(url: string, cookie: string, durationS: number, connections: number): Promise<ListLoadResult> {
  return startListLoad(url, cookie, connections, durationS).done;
}
