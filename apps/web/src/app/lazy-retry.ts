/**
 * Loading a route's chunk can fail after a deploy (the old hashed file is gone) or on a flaky
 * network. Try once more; if that fails too, reload the page once so the browser fetches the new
 * index.html and chunk names. A session flag stops a reload loop when the chunk is really broken.
 */
const RELOAD_FLAG = 'holeout-chunk-reload';

export interface LazyRetryEnv {
  reload(): void;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

const browserEnv = (): LazyRetryEnv => ({
  reload: () => window.location.reload(),
  storage: sessionStorage,
});

export async function importWithRetry<T>(load: () => Promise<T>, env: LazyRetryEnv = browserEnv()): Promise<T> {
  try {
    const loaded = await load();
    env.storage.removeItem(RELOAD_FLAG);
    return loaded;
  } catch (firstError) {
    try {
      const loaded = await load();
      env.storage.removeItem(RELOAD_FLAG);
      return loaded;
    } catch (secondError) {
      if (env.storage.getItem(RELOAD_FLAG) === null) {
        env.storage.setItem(RELOAD_FLAG, '1');
        env.reload();
        // The page is going away; never settle so no error screen flashes first.
        return new Promise<T>(() => {});
      }
      env.storage.removeItem(RELOAD_FLAG);
      throw secondError instanceof Error ? secondError : firstError;
    }
  }
}
