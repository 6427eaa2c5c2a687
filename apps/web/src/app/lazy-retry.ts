/**
 * Loading a route's chunk can fail after a deploy (the old hashed file is gone), on a flaky network
 * or offline. Try once more. When the server is out of reach (offline), give up with a
 * ChunkLoadError so the app shows its offline notice: reloading would only trade the app for the
 * browser's error page. When the server answers but the chunk still fails, reload the page once so
 * the browser fetches the new index.html and chunk names; a session flag stops a reload loop.
 */
const RELOAD_FLAG = 'holeout-chunk-reload';

/** A page's code could not be loaded; `offline` when the server could not be reached at all. */
export class ChunkLoadError extends Error {
  constructor(
    readonly offline: boolean,
    cause: unknown,
  ) {
    super(offline ? 'The page could not be loaded while offline' : 'The page could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

export interface LazyRetryEnv {
  reload(): void;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The browser's own idea (navigator.onLine): false is reliable, true is only a hope. */
  isOnline(): boolean;
  /** Whether the app's server answers at all. */
  canReachServer(): Promise<boolean>;
}

async function headIndex(): Promise<boolean> {
  try {
    const response = await fetch('/', { method: 'HEAD', cache: 'no-store' });
    return response.status > 0;
  } catch {
    return false;
  }
}

export const browserEnv = (): LazyRetryEnv => ({
  reload: () => window.location.reload(),
  storage: sessionStorage,
  isOnline: () => navigator.onLine !== false,
  canReachServer: headIndex,
});

export interface ImportOptions {
  /** Reload the page once when the chunk is gone but the server answers (default true). */
  allowReload?: boolean;
}

export async function importWithRetry<T>(
  load: () => Promise<T>,
  env: LazyRetryEnv = browserEnv(),
  options: ImportOptions = {},
): Promise<T> {
  const { allowReload = true } = options;
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const loaded = await load();
      env.storage.removeItem(RELOAD_FLAG);
      return loaded;
    } catch (cause) {
      lastError = cause;
      if (!env.isOnline()) throw new ChunkLoadError(true, cause);
    }
  }
  if (!(await env.canReachServer())) throw new ChunkLoadError(true, lastError);
  if (allowReload && env.storage.getItem(RELOAD_FLAG) === null) {
    env.storage.setItem(RELOAD_FLAG, '1');
    env.reload();
    // The page is going away; never settle so no error screen flashes first.
    return new Promise<T>(() => {});
  }
  env.storage.removeItem(RELOAD_FLAG);
  throw new ChunkLoadError(false, lastError);
}
