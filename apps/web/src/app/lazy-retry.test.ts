import { describe, expect, it, vi } from 'vitest';
import { importWithRetry } from './lazy-retry.ts';

function env() {
  return { reload: vi.fn(), storage: sessionStorage };
}

describe('lazy route loading with retry', () => {
  it('loads on the first try without reloading', async () => {
    const e = env();
    await expect(importWithRetry(async () => ({ default: 'page' }), e)).resolves.toEqual({ default: 'page' });
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('retries a failed chunk load once', async () => {
    const e = env();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce({ default: 'page' });
    await expect(importWithRetry(load, e)).resolves.toEqual({ default: 'page' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('reloads the page when the retry fails too', async () => {
    const e = env();
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const pending = importWithRetry(load, e);
    await vi.waitFor(() => expect(e.reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
    void pending;
  });

  it('raises instead of reloading again when the reload did not help', async () => {
    const e = env();
    sessionStorage.setItem('holeout-chunk-reload', '1');
    const load = vi.fn().mockRejectedValue(new TypeError('chunk gone'));
    await expect(importWithRetry(load, e)).rejects.toThrow('chunk gone');
    expect(e.reload).not.toHaveBeenCalled();
  });
});
