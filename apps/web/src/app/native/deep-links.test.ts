import { describe, expect, it } from 'vitest';
import { pathFromAppLink } from './deep-links.ts';

const HOST = 'app.holeout.golf';

describe('app links', () => {
  it('open the path, query and fragment after the app host', () => {
    expect(pathFromAppLink('https://app.holeout.golf/event?event_id=12', HOST)).toBe('/event?event_id=12');
    expect(pathFromAppLink('https://app.holeout.golf/drills#top', HOST)).toBe('/drills#top');
    expect(pathFromAppLink('https://app.holeout.golf?x=1', HOST)).toBe('/?x=1');
    expect(pathFromAppLink('https://APP.holeout.golf/events', HOST)).toBe('/events');
    expect(pathFromAppLink('holeout://app.holeout.golf/notifications', HOST)).toBe('/notifications');
  });

  it('the bare host opens the root; a port is skipped', () => {
    expect(pathFromAppLink('https://app.holeout.golf', HOST)).toBe('/');
    expect(pathFromAppLink('https://app.holeout.golf/', HOST)).toBe('/');
    expect(pathFromAppLink('https://app.holeout.golf:8443/home', HOST)).toBe('/home');
  });

  it('are not ours on another host, or one that only starts with ours', () => {
    expect(pathFromAppLink('https://example.com/event', HOST)).toBeNull();
    expect(pathFromAppLink('https://app.holeout.golf.example.com/event', HOST)).toBeNull();
    expect(pathFromAppLink('https://app.holeout.golfer.com/event', HOST)).toBeNull();
  });

  it('never name another host through leading slashes', () => {
    expect(pathFromAppLink('https://app.holeout.golf//example.com/x', HOST)).toBe('/example.com/x');
    expect(pathFromAppLink('https://app.holeout.golf/\\example.com', HOST)).toBe('/example.com');
  });
});
