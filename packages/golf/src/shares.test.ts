import { describe, expect, it } from 'vitest';
import { capPermission, effectiveDefaultShares, folderPermission, isSharedWithMe, PERMISSIONS } from './shares.ts';

describe('effectiveDefaultShares', () => {
  it('gives the user an owner share and each organisation a view share', () => {
    expect(effectiveDefaultShares(7, [3, 4])).toEqual({
      usershares: [{ uid: 7, permissions: PERMISSIONS.OWNER }],
      orgshares: [
        { org_id: 3, permissions: PERMISSIONS.VIEW },
        { org_id: 4, permissions: PERMISSIONS.VIEW },
      ],
    });
  });
  it('replaces the defaults with saved shares and drops shares with permission none', () => {
    const saved = {
      usershares: [
        { uid: 7, permissions: PERMISSIONS.OWNER },
        { uid: 9, permissions: PERMISSIONS.NONE },
      ],
      orgshares: [{ org_id: 3, permissions: PERMISSIONS.MODIFY }],
    };
    expect(effectiveDefaultShares(7, [3, 4], saved)).toEqual({
      usershares: [{ uid: 7, permissions: PERMISSIONS.OWNER }],
      orgshares: [{ org_id: 3, permissions: PERMISSIONS.MODIFY }],
    });
  });
  it('keeps the defaults when the saved settings hold no shares', () => {
    expect(effectiveDefaultShares(7, [], { usershares: [], orgshares: [] }).usershares).toEqual([{ uid: 7, permissions: 3 }]);
  });
});

describe('capPermission', () => {
  it('lowers modify to add, and add to view, when the item does not allow them', () => {
    expect(capPermission(PERMISSIONS.MODIFY, { canModify: false, canAdd: true })).toBe(PERMISSIONS.ADD);
    expect(capPermission(PERMISSIONS.MODIFY, { canModify: false, canAdd: false })).toBe(PERMISSIONS.VIEW);
    expect(capPermission(PERMISSIONS.ADD, { canModify: true, canAdd: false })).toBe(PERMISSIONS.VIEW);
    expect(capPermission(PERMISSIONS.MODIFY, { canModify: true, canAdd: true })).toBe(PERMISSIONS.MODIFY);
    expect(capPermission(PERMISSIONS.OWNER, { canModify: false, canAdd: false })).toBe(PERMISSIONS.OWNER);
  });
});

describe('folderPermission', () => {
  const shares = {
    usershares: [{ uid: 7, permissions: PERMISSIONS.VIEW }],
    orgshares: [
      { org_id: 3, permissions: PERMISSIONS.MODIFY },
      { org_id: 5, permissions: PERMISSIONS.OWNER },
    ],
  };
  it('is the highest of the own share and the shares of the organisations the user belongs to', () => {
    expect(folderPermission(7, [3], shares)).toBe(PERMISSIONS.MODIFY);
    expect(folderPermission(7, [], shares)).toBe(PERMISSIONS.VIEW);
    expect(folderPermission(8, [5], shares)).toBe(PERMISSIONS.OWNER);
  });
  it('is NONE when nothing is shared with the user', () => {
    expect(folderPermission(8, [4], shares)).toBe(PERMISSIONS.NONE);
  });
});

describe('isSharedWithMe', () => {
  it('is true when my share is below owner', () => {
    expect(isSharedWithMe(7, [{ uid: 7, permissions: PERMISSIONS.MODIFY }])).toBe(true);
    expect(isSharedWithMe(7, [{ uid: 7, permissions: PERMISSIONS.OWNER }])).toBe(false);
    expect(isSharedWithMe(7, [{ uid: 8, permissions: PERMISSIONS.VIEW }])).toBe(false);
  });
});
