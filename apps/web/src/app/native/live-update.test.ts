import type { BundleInfo, LatestVersion as PluginLatest } from '@capgo/capacitor-updater';
import { describe, expect, it, vi } from 'vitest';
import { capgoContentUpdates, type UpdaterPlugin } from './capgo-updates.ts';
import { createLiveUpdater } from './live-update.ts';

const bundle = (id: string, version: string): BundleInfo => ({ id, version, downloaded: '', checksum: '', status: 'pending' });

const NEWER: PluginLatest = {
  version: '0.2.0+bbb2222',
  url: 'https://api.holeout.test/v4/updates/bundles/ab.zip',
  checksum: 'c'.repeat(64),
  sessionKey: '',
};
const CURRENT: PluginLatest = {
  version: '0.1.0+aaa1111',
  error: 'no_new_version_available',
  kind: 'up_to_date',
  message: 'No new version available',
};

/** A fake of the updater plugin that records the order of its calls. */
function fakeUpdater(overrides: Partial<Record<keyof UpdaterPlugin, () => Promise<unknown>>> = {}) {
  const calls: string[] = [];
  const record =
    <T>(name: keyof UpdaterPlugin, answer: () => Promise<T>) =>
    async (options?: unknown) => {
      calls.push(options === undefined ? name : `${name} ${JSON.stringify(options)}`);
      return (overrides[name] ?? answer)() as Promise<T>;
    };
  const plugin = {
    getLatest: record('getLatest', async () => NEWER),
    current: record('current', async () => ({ bundle: bundle('builtin', '0.1.0+aaa1111'), native: '0.1.0' })),
    download: record('download', async () => bundle('b-2', NEWER.version)),
    set: record('set', async () => undefined),
    notifyAppReady: record('notifyAppReady', async () => ({ bundle: bundle('builtin', '0.1.0+aaa1111') })),
  } as unknown as UpdaterPlugin;
  return { plugin, calls };
}

function setUp(overrides: Parameters<typeof fakeUpdater>[0] = {}) {
  const { plugin, calls } = fakeUpdater(overrides);
  const hideSplash = vi.fn().mockResolvedValue(undefined);
  const log = vi.fn();
  const updater = createLiveUpdater(capgoContentUpdates(plugin), hideSplash, log);
  return { updater, calls, hideSplash, log };
}

describe('live updates through the updater plugin', () => {
  it('confirms the boot first, downloads a newer bundle when active and applies it in the background', async () => {
    const { updater, calls, hideSplash } = setUp();
    await updater.onStart();
    expect(calls).toEqual([
      'notifyAppReady',
      'getLatest',
      'current',
      `download ${JSON.stringify({ url: NEWER.url, version: NEWER.version, checksum: NEWER.checksum })}`,
    ]);
    expect(updater.state()).toEqual({ kind: 'downloaded', bundleId: 'b-2', version: '0.2.0+bbb2222' });

    await updater.onBackground();
    expect(calls.at(-1)).toBe('set {"id":"b-2"}');
    expect(updater.state()).toEqual({ kind: 'applying', bundleId: 'b-2', version: '0.2.0+bbb2222' });
    expect(hideSplash).not.toHaveBeenCalled();
  });

  it('passes the session key of an encrypted bundle to the download', async () => {
    const sealed = { ...NEWER, sessionKey: 'aXY=:a2V5' };
    const { updater, calls } = setUp({ getLatest: async () => sealed });
    await updater.onActive();
    expect(calls).toContain(
      `download ${JSON.stringify({ url: NEWER.url, version: NEWER.version, sessionKey: 'aXY=:a2V5', checksum: NEWER.checksum })}`,
    );
  });

  it('does nothing when the service says the app is current, in the foreground or the background', async () => {
    const { updater, calls } = setUp({ getLatest: async () => CURRENT });
    await updater.onStart();
    await updater.onBackground();
    expect(calls).toEqual(['notifyAppReady', 'getLatest']);
    expect(updater.state()).toEqual({ kind: 'idle' });
  });

  it('does not download the version it already runs', async () => {
    const { updater, calls } = setUp({ current: async () => ({ bundle: bundle('b-2', NEWER.version), native: '0.1.0' }) });
    await updater.onActive();
    expect(calls).toEqual(['getLatest', 'current']);
  });

  it('only logs a download the plugin refuses (a checksum that differs), applies nothing, and tries again when next active', async () => {
    let refusals = 1;
    const { updater, calls, log, hideSplash } = setUp({
      download: async () => {
        if (refusals-- > 0) throw new Error('Checksum failed: b-2');
        return bundle('b-3', NEWER.version);
      },
    });
    await updater.onActive();
    expect(log).toHaveBeenCalledWith('Content update download failed', new Error('Checksum failed: b-2'));
    expect(updater.state()).toEqual({ kind: 'idle' });
    await updater.onBackground();
    expect(calls.some((call) => call.startsWith('set'))).toBe(false);
    expect(hideSplash).not.toHaveBeenCalled();

    await updater.onActive();
    expect(updater.state()).toEqual({ kind: 'downloaded', bundleId: 'b-3', version: NEWER.version });
  });

  it('only logs a failed check (an app the service does not know)', async () => {
    const { updater, log, calls } = setUp({
      getLatest: async () => {
        throw new Error('app_not_found');
      },
    });
    await expect(updater.onActive()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('Content update check failed', new Error('app_not_found'));
    expect(calls).toEqual(['getLatest']);
    expect(updater.state()).toEqual({ kind: 'idle' });
  });

  it('hides the splash screen when applying fails, and can download again afterwards', async () => {
    const { updater, hideSplash, log } = setUp({
      set: async () => {
        throw new Error('index.html missing');
      },
    });
    await updater.onActive();
    await updater.onBackground();
    expect(log).toHaveBeenCalledWith('Applying the content update failed', new Error('index.html missing'));
    expect(hideSplash).toHaveBeenCalledTimes(1);
    expect(updater.state()).toEqual({ kind: 'idle' });
    await updater.onActive();
    expect(updater.state()).toMatchObject({ kind: 'downloaded' });
  });

  it('checks once at a time and keeps a downloaded bundle rather than checking again', async () => {
    let answer: (value: PluginLatest) => void = () => undefined;
    const { updater, calls } = setUp({ getLatest: () => new Promise<PluginLatest>((resolve) => (answer = resolve)) });
    const first = updater.onActive();
    expect(updater.state()).toEqual({ kind: 'checking' });
    await updater.onActive();
    await updater.onBackground();
    answer(NEWER);
    await first;
    await updater.onActive();
    expect(calls.filter((call) => call === 'getLatest')).toHaveLength(1);
    expect(updater.state()).toMatchObject({ kind: 'downloaded' });
  });

  it('still checks when confirming the boot fails', async () => {
    const { updater, log, calls } = setUp({
      notifyAppReady: async () => {
        throw new Error('bridge gone');
      },
    });
    await updater.onStart();
    expect(log).toHaveBeenCalledWith('Could not confirm the app bundle', new Error('bridge gone'));
    expect(calls).toContain('getLatest');
  });
});
