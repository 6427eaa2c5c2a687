import { describe, expect, it } from 'vitest';
import { eventPermission, normaliseEventShares, type EventAccess, type EventViewer } from './events.ts';
import { PERMISSIONS } from './shares.ts';

const OWNER = 1;
const event = (over: Partial<EventAccess> = {}): EventAccess => ({
  owner: OWNER,
  type: 'PRACTICE',
  scope: 'SHARE_SELECTED',
  usershares: [],
  orgshares: [],
  ownerOrgIds: [10],
  sharedByTag: false,
  ...over,
});
const viewer = (uid: number, orgIds: number[] = [], coachOrgIds: number[] = []): EventViewer => ({ uid, orgIds, coachOrgIds });

describe('eventPermission', () => {
  it('the owner is OWNER whatever the scope', () => {
    for (const scope of ['SHARE_SELF', 'SHARE_SELECTED', 'SHARE_PUBLIC'] as const)
      expect(eventPermission(viewer(OWNER), event({ scope }))).toBe(PERMISSIONS.OWNER);
  });

  it('takes the highest of the own share, organisation shares and a shared tag', () => {
    const shared = event({
      usershares: [{ uid: 2, permissions: PERMISSIONS.VIEW }],
      orgshares: [{ org_id: 20, permissions: PERMISSIONS.MODIFY }],
    });
    expect(eventPermission(viewer(2), shared)).toBe(PERMISSIONS.VIEW);
    expect(eventPermission(viewer(2, [20]), shared)).toBe(PERMISSIONS.MODIFY);
    expect(eventPermission(viewer(3, [21]), shared)).toBe(PERMISSIONS.NONE);
    expect(eventPermission(viewer(3), event({ sharedByTag: true }))).toBe(PERMISSIONS.VIEW);
  });

  it("scopes: coaches of the owner's organisations, its members, anyone signed in; SHARE_SELF nobody", () => {
    const coach = viewer(5, [10], [10]);
    const teammate = viewer(6, [10]);
    const stranger = viewer(7, [99], [99]);
    const cases = [
      ['SHARE_COACHES', [PERMISSIONS.VIEW, PERMISSIONS.NONE, PERMISSIONS.NONE]],
      ['SHARE_TEAM', [PERMISSIONS.VIEW, PERMISSIONS.VIEW, PERMISSIONS.NONE]],
      ['SHARE_PUBLIC', [PERMISSIONS.VIEW, PERMISSIONS.VIEW, PERMISSIONS.VIEW]],
      ['SHARE_SELECTED', [PERMISSIONS.NONE, PERMISSIONS.NONE, PERMISSIONS.NONE]],
      ['SHARE_SELF', [PERMISSIONS.NONE, PERMISSIONS.NONE, PERMISSIONS.NONE]],
    ] as const;
    for (const [scope, expected] of cases) {
      expect(
        [coach, teammate, stranger].map((v) => eventPermission(v, event({ scope }))),
        scope,
      ).toEqual(expected);
    }
    expect(eventPermission(viewer(2), event({ scope: 'SHARE_SELF', usershares: [{ uid: 2, permissions: PERMISSIONS.MODIFY }] }))).toBe(
      PERMISSIONS.NONE,
    );
  });

  it('lowers what the type cannot grant: a round or a note has no ADD', () => {
    const add = [{ uid: 2, permissions: PERMISSIONS.ADD }] as const;
    expect(eventPermission(viewer(2), event({ type: 'ROUND', usershares: [...add] }))).toBe(PERMISSIONS.VIEW);
    expect(eventPermission(viewer(2), event({ type: 'NOTE', usershares: [...add] }))).toBe(PERMISSIONS.VIEW);
    expect(eventPermission(viewer(2), event({ type: 'LESSON', usershares: [...add] }))).toBe(PERMISSIONS.ADD);
    expect(eventPermission(viewer(2), event({ type: 'ROUND', usershares: [{ uid: 2, permissions: PERMISSIONS.MODIFY }] }))).toBe(
      PERMISSIONS.MODIFY,
    );
    expect(eventPermission(viewer(2), event({ usershares: [{ uid: 2, permissions: PERMISSIONS.OWNER }] }))).toBe(PERMISSIONS.MODIFY);
  });
});

describe('normaliseEventShares', () => {
  it('drops NONE and the owner, caps OWNER at MODIFY, lowers by type and keeps the highest per user and organisation', () => {
    const shares = normaliseEventShares(OWNER, 'ROUND', {
      usershares: [
        { uid: OWNER, permissions: PERMISSIONS.OWNER },
        { uid: 2, permissions: PERMISSIONS.ADD },
        { uid: 3, permissions: PERMISSIONS.NONE },
        { uid: 4, permissions: PERMISSIONS.OWNER },
        { uid: 2, permissions: PERMISSIONS.VIEW },
      ],
      orgshares: [
        { org_id: 9, permissions: PERMISSIONS.VIEW },
        { org_id: 9, permissions: PERMISSIONS.MODIFY },
      ],
    });
    expect(shares).toEqual({
      usershares: [
        { uid: 2, permissions: PERMISSIONS.VIEW },
        { uid: 4, permissions: PERMISSIONS.MODIFY },
      ],
      orgshares: [{ org_id: 9, permissions: PERMISSIONS.MODIFY }],
    });
  });
});
