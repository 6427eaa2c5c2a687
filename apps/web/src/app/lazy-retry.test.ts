import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, importWithRetry, type LazyRetryEnv } from './lazy-retry.ts';

function env(overrides: Partial<LazyRetryEnv> = {}) {
  return { reload: vi.fn(), storage: sessionStorage, isOnline: () => true, canReachServer: vi.fn(async () => true), ...overrides };
}

const chunkGone = () => new TypeError('Failed to fetch dynamically imported module');

describe('lazy route loading with retry', () => {
  it('loads on the first try without reloading', async () => {
    const e = env();
    await expect(importWithRetry(async () => ({ default: 'page' }), e)).resolves.toEqual({ default: 'page' });
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('retries a failed chunk load once', async () => {
    const e = env();
    const load = vi.fn().mockRejectedValueOnce(chunkGone()).mockResolvedValueOnce({ default: 'page' });
    await expect(importWithRetry(load, e)).resolves.toEqual({ default: 'page' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('reloads the page when the retry fails too but the server answers (a new deploy)', async () => {
    const e = env();
    const load = vi.fn().mockRejectedValue(chunkGone());
    const pending = importWithRetry(load, e);
    await vi.waitFor(() => expect(e.reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
    void pending;
  });

  it('raises instead of reloading again when the reload did not help', async () => {
    const e = env();
    sessionStorage.setItem('holeout-chunk-reload', '1');
    const load = vi.fn().mockRejectedValue(new TypeError('chunk gone'));
    const failure = await importWithRetry(load, e).catch((cause: unknown) => cause);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect((failure as ChunkLoadError).offline).toBe(false);
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('offline: gives up at once with an offline ChunkLoadError and never reloads', async () => {
    const e = env({ isOnline: () => false });
    const load = vi.fn().mockRejectedValue(chunkGone());
    const failure = await importWithRetry(load, e).catch((cause: unknown) => cause);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect((failure as ChunkLoadError).offline).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('the browser thinks it is online but the server is out of reach: offline, no reload', async () => {
    const e = env({ canReachServer: vi.fn(async () => false) });
    const load = vi.fn().mockRejectedValue(chunkGone());
    const failure = await importWithRetry(load, e).catch((cause: unknown) => cause);
    expect((failure as ChunkLoadError).offline).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
    expect(e.reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('holeout-chunk-reload')).toBeNull();
  });
});
