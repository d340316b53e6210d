/*
 * Code a page loads later (decision 0023: a later part of a page; decision 0024: the test's running
 * code and its saving), loaded once: the function returned starts it (or returns the load under
 * way) and, if it cannot load (a dropped connection), tries again every few seconds until it has, so
 * a started or finished test never stops for want of its code, and a part shows once it is back.
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
