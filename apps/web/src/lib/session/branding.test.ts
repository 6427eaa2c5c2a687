import { describe, expect, it } from 'vitest';
import { resolveBranding } from './branding.ts';

const orgs = [
  { org_id: 1, name: 'Riverside GC', media_id: null, sub_id: 11 },
  { org_id: 2, name: 'Pine Valley Academy', media_id: 9, sub_id: 40 },
];

describe('branding rule', () => {
  it('applies when the subscription has branding and an org carries it', () => {
    expect(resolveBranding({ sub_id: 40, has_branding: true }, orgs)).toEqual({ orgId: 2, name: 'Pine Valley Academy', mediaId: 9 });
  });

  it('is cleared without branding on the subscription, even if an org matches', () => {
    expect(resolveBranding({ sub_id: 40, has_branding: false }, orgs)).toBeNull();
  });

  it('is cleared when no org matches the subscription', () => {
    expect(resolveBranding({ sub_id: 77, has_branding: true }, orgs)).toBeNull();
  });

  it('is cleared without a subscription', () => {
    expect(resolveBranding(null, orgs)).toBeNull();
  });
});
