import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST } from '../theme.ts';
import { headerColours, readableTextOn, rebrand, resolveBranding } from './branding.ts';

const orgs = [
  { org_id: 1, name: 'Riverside GC', media_id: null, logo_url: null, colour: null, sub_id: 11 },
  { org_id: 2, name: 'Pine Valley Academy', media_id: 9, logo_url: '/v4/media/9.webp', colour: '#1b4d2e', sub_id: 40 },
];

describe('branding rule', () => {
  it('applies when the subscription has branding and an org carries it, with its logo and colour', () => {
    expect(resolveBranding({ sub_id: 40, has_branding: true, status: 'ACTIVE' }, orgs)).toEqual({
      orgId: 2,
      name: 'Pine Valley Academy',
      mediaId: 9,
      logoUrl: '/v4/media/9.webp',
      colour: '#1b4d2e',
    });
  });

  it('is cleared without branding on the subscription, even if an org matches', () => {
    expect(resolveBranding({ sub_id: 40, has_branding: false, status: 'ACTIVE' }, orgs)).toBeNull();
  });

  it.each(['ON_HOLD', 'EXPIRED', 'INVALID'] as const)(
    'is cleared while the subscription is %s, and kept while it is still active',
    (status) => {
      expect(resolveBranding({ sub_id: 40, has_branding: true, status }, orgs)).toBeNull();
      for (const active of ['ACTIVE_EXPIRING', 'ACTIVE_GRACE'] as const)
        expect(resolveBranding({ sub_id: 40, has_branding: true, status: active }, orgs)).not.toBeNull();
    },
  );

  it('is cleared when no org matches the subscription', () => {
    expect(resolveBranding({ sub_id: 77, has_branding: true, status: 'ACTIVE' }, orgs)).toBeNull();
  });

  it('is cleared without a subscription', () => {
    expect(resolveBranding(null, orgs)).toBeNull();
  });

  it('takes the new name, logo and colour of the branded org when it is saved, and ignores other orgs', () => {
    const branding = resolveBranding({ sub_id: 40, has_branding: true, status: 'ACTIVE' }, orgs);
    const saved = { ...orgs[1]!, name: 'Pine Valley', logo_url: null, colour: '#ffd43b' };
    expect(rebrand(branding, saved)).toEqual({ orgId: 2, name: 'Pine Valley', mediaId: 9, logoUrl: null, colour: '#ffd43b' });
    expect(rebrand(branding, { ...orgs[0]!, name: 'Renamed' })).toBe(branding);
    expect(rebrand(null, saved)).toBeNull();
  });
});

describe('header text on the organisation colour', () => {
  it('is white on dark colours and black on light ones', () => {
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#1b4d2e')).toBe('#ffffff');
    expect(readableTextOn('#a32525')).toBe('#ffffff');
    expect(readableTextOn('#ffffff')).toBe('#000000');
    expect(readableTextOn('#ffd43b')).toBe('#000000');
    // The blue theme's primary reaches only 4.14:1 with white; black gives 5.07:1.
    expect(readableTextOn('#447ec9')).toBe('#000000');
  });

  it('picks the one with the higher contrast, and it reaches 4.5:1 for every colour of a grid over the RGB cube', () => {
    const steps = [0, 0x33, 0x66, 0x77, 0x88, 0x99, 0xcc, 0xff];
    for (const r of steps) {
      for (const g of steps) {
        for (const b of steps) {
          const colour = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          const text = readableTextOn(colour);
          const other = text === '#ffffff' ? '#000000' : '#ffffff';
          expect(contrastRatio(text, colour), colour).toBeGreaterThanOrEqual(contrastRatio(other, colour));
          expect(contrastRatio(text, colour), colour).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        }
      }
    }
  });

  it('gives the header colours only for a valid #rrggbb colour', () => {
    expect(headerColours({ colour: '#1B4D2E' })).toEqual({ background: '#1B4D2E', text: '#ffffff' });
    expect(headerColours({ colour: null })).toBeNull();
    expect(headerColours({ colour: 'green' })).toBeNull();
    expect(headerColours(null)).toBeNull();
  });
});
