import { describe, expect, it, vi } from 'vitest';
import { pathFromAppLink } from './deep-links.ts';
import { createLiveUpdater, type ContentUpdateService } from './live-update.ts';
import { handleForegroundPush, pushTarget, validNotifyId } from './push-alert.ts';

describe('deep links', () => {
  it('navigates to the path after the app host', () => {
    expect(pathFromAppLink('https://app.holeout.golf/event?event_id=12', 'app.holeout.golf')).toBe('/event?event_id=12');
    expect(pathFromAppLink('https://app.holeout.golf', 'app.holeout.golf')).toBe('/');
  });

  it('ignores links to other hosts', () => {
    expect(pathFromAppLink('https://example.com/event', 'app.holeout.golf')).toBeNull();
  });
});

describe('foreground push alert', () => {
  it('View marks a valid notification read and navigates to nav_loc', async () => {
    const deps = { ask: vi.fn().mockResolvedValue('view'), markRead: vi.fn().mockResolvedValue(undefined), navigate: vi.fn() };
    await handleForegroundPush('Shared', 'Ann shared a round', { nav_loc: 'event?event_id=3', notify_id: '41' }, deps);
    expect(deps.ask).toHaveBeenCalledWith('Shared', 'Ann shared a round');
    expect(deps.markRead).toHaveBeenCalledWith(41);
    expect(deps.navigate).toHaveBeenCalledWith('/event?event_id=3');
  });

  it('Dismiss marks read and stays', async () => {
    const deps = { ask: vi.fn().mockResolvedValue('dismiss'), markRead: vi.fn().mockResolvedValue(undefined), navigate: vi.fn() };
    await handleForegroundPush('t', 'b', { notify_id: 41 }, deps);
    expect(deps.markRead).toHaveBeenCalledWith(41);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('does not mark read without a valid notify_id; View defaults to notifications', async () => {
    const deps = { ask: vi.fn().mockResolvedValue('view'), markRead: vi.fn(), navigate: vi.fn() };
    await handleForegroundPush('t', 'b', { notify_id: 'abc' }, deps);
    expect(deps.markRead).not.toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith('/notifications');
  });

  it('validates notify ids and targets', () => {
    expect(validNotifyId('7')).toBe(7);
    expect(validNotifyId(0)).toBeNull();
    expect(validNotifyId(-3)).toBeNull();
    expect(validNotifyId(undefined)).toBeNull();
    expect(pushTarget({ nav_loc: '/drills' })).toBe('/drills');
    expect(pushTarget({})).toBe('/notifications');
  });
});

describe('live updates', () => {
  function service(overrides: Partial<ContentUpdateService> = {}): ContentUpdateService {
    return {
      latest: vi.fn().mockResolvedValue({ url: 'https://cdn/b.zip', version: '1.2.0', sessionKey: 'k' }),
      currentVersion: vi.fn().mockResolvedValue('1.1.0'),
      download: vi.fn().mockResolvedValue('bundle-1.2.0'),
      apply: vi.fn().mockResolvedValue(undefined),
      ...overrides,
    };
  }

  it('downloads when active and applies when backgrounded', async () => {
    const s = service();
    const updater = createLiveUpdater(s, vi.fn());
    await updater.onActive();
    expect(s.download).toHaveBeenCalledWith({ url: 'https://cdn/b.zip', version: '1.2.0', sessionKey: 'k' });
    expect(s.apply).not.toHaveBeenCalled();
    await updater.onBackground();
    expect(s.apply).toHaveBeenCalledWith('bundle-1.2.0');
  });

  it('does nothing in the background without a downloaded update', async () => {
    const s = service({ currentVersion: vi.fn().mockResolvedValue('1.2.0') });
    const updater = createLiveUpdater(s, vi.fn());
    await updater.onActive();
    await updater.onBackground();
    expect(s.download).not.toHaveBeenCalled();
    expect(s.apply).not.toHaveBeenCalled();
  });

  it('a download failure is only logged', async () => {
    const log = vi.fn();
    const s = service({ download: vi.fn().mockRejectedValue(new Error('offline')) });
    const updater = createLiveUpdater(s, vi.fn(), log);
    await expect(updater.onActive()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('Content update download failed', expect.any(Error));
    await updater.onBackground();
    expect(s.apply).not.toHaveBeenCalled();
  });

  it('an apply failure hides the splash screen', async () => {
    const hideSplash = vi.fn().mockResolvedValue(undefined);
    const s = service({ apply: vi.fn().mockRejectedValue(new Error('corrupt bundle')) });
    const updater = createLiveUpdater(s, hideSplash, vi.fn());
    await updater.onActive();
    await updater.onBackground();
    expect(hideSplash).toHaveBeenCalledTimes(1);
  });
});
