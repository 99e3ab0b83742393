/** A loader made by loadOnce(): call it for the shared promise; peek() for the value once it has arrived. */
export interface LoadOnce<T> {
  (): Promise<T>;
  peek(): T | undefined;
}

/**
 * Runs `load` once and hands every caller the same promise (so React's use() and Suspense see
 * a stable one). A failed load is forgotten, so the next call tries again — a chunk that failed
 * on a flaky network is not broken for the rest of the visit.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let promise: Promise<T> | null = null;
  let value: T | undefined;
  const get = () => {
    if (promise) return promise;
    const loading = load().then((loaded) => {
      value = loaded;
      return loaded;
    });
    promise = loading;
    loading.catch(() => {
      if (promise === loading) promise = null;
    });
    return loading;
  };
  return Object.assign(get, { peek: () => value });
}
