/*
 * A later part of the /test page's code (decision 0024), loaded once: `load()` starts it (or returns
 * the load under way) and, if it cannot load (a dropped connection), tries again every few seconds
 * until it has, so a started or finished test never stops for want of its code.
 */
const RETRY_MS = 3000;

export function retryingImport<T>(importIt: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= (async () => {
      for (;;) {
        try {
          return await importIt();
        } catch {
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    })();
    return loading;
  };
}
