import { describe, expect, it } from 'vitest';
import { loginBody, registerBody, settings, settingsUpdate, verifyQuery } from './account.ts';
import { errorBody, idListParam } from './common.ts';
import { countUnreadResponse } from './notifications.ts';
import { orgList } from './orgs.ts';

describe('account contracts', () => {
  it('trims and lower-cases e-mails, and fills empty names on registration', () => {
    expect(registerBody.parse({ email: '  Ada@Example.TEST ', password: 'fairway-first-2026' })).toEqual({
      email: 'ada@example.test',
      password: 'fairway-first-2026',
      first_name: '',
      last_name: '',
    });
  });

  it('names the problem of a bad e-mail, short password and malformed code', () => {
    const bad = registerBody.safeParse({ email: 'nope', password: 'short' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'Enter a valid e-mail address'],
      ['password', 'Password must be at least 12 characters'],
    ]);
    expect(verifyQuery.safeParse({ email: 'a@b.test', code: '12345' }).error?.issues[0]?.message).toBe('The code is 6 digits');
    expect(loginBody.safeParse({ email: 'a@b.test', password: '' }).error?.issues[0]?.message).toBe('Enter your password');
  });

  it('accepts any subset of the settings but only themes and units that exist', () => {
    expect(settingsUpdate.parse({ theme: 4 })).toEqual({ theme: 4 });
    expect(settingsUpdate.safeParse({ theme: 5 }).success).toBe(false);
    expect(settingsUpdate.safeParse({ units: 'FURLONGS' }).success).toBe(false);
    expect(settings.safeParse({ theme: 0, units: 'FEET_YARDS', usershares: [{ uid: 1, permissions: 4 }], orgshares: [] }).success).toBe(
      false,
    );
    expect(
      settings.parse({
        theme: 0,
        units: 'FEET_YARDS',
        usershares: [{ uid: 1, permissions: 3 }],
        orgshares: [{ org_id: 2, permissions: 0 }],
      }).usershares,
    ).toHaveLength(1);
  });
});

describe('common, notifications and orgs contracts', () => {
  it('parses comma-separated id lists', () => {
    expect(idListParam.parse('12,15')).toEqual([12, 15]);
    expect(idListParam.safeParse('12,,15').success).toBe(false);
  });

  it('shapes the error body, unread count and org list', () => {
    expect(errorBody.parse({ error: 'Not logged in', code: 'UNAUTHORIZED' })).toEqual({ error: 'Not logged in', code: 'UNAUTHORIZED' });
    expect(countUnreadResponse.safeParse({ count: -1 }).success).toBe(false);
    const member = {
      org_id: 1,
      name: 'Holeout Academy',
      media_id: null,
      logo_url: null,
      colour: null,
      sub_id: 3,
      role: 'player',
      is_purchaser: false,
      seat: 'PREMIUM',
    };
    expect(orgList.parse([member])).toHaveLength(1);
    // A member's role and seat are the contract's words only.
    expect(orgList.safeParse([{ ...member, role: 'owner' }]).success).toBe(false);
    expect(orgList.safeParse([{ ...member, seat: 'GOLD' }]).success).toBe(false);
  });
});
