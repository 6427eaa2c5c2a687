import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target.ts';

describe('notificationTarget', () => {
  it('puts a slash before the nav_loc', () => {
    expect(notificationTarget('event?event_id=5')).toBe('/event?event_id=5');
    expect(notificationTarget('invite?invite_id=3')).toBe('/invite?invite_id=3');
    expect(notificationTarget('org-management?org_id=1')).toBe('/org-management?org_id=1');
  });

  it('goes to the notifications page without a nav_loc', () => {
    expect(notificationTarget('')).toBe('/notifications');
    expect(notificationTarget('  ')).toBe('/notifications');
    expect(notificationTarget(null)).toBe('/notifications');
    expect(notificationTarget('/')).toBe('/notifications');
  });

  it('never leaves the app', () => {
    expect(notificationTarget('//evil.example/x')).toBe('/evil.example/x');
    expect(notificationTarget('/\\evil.example')).toBe('/evil.example');
    expect(notificationTarget('/events')).toBe('/events');
  });
});
