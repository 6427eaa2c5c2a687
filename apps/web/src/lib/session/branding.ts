import { isActiveStatus, type Subscription } from '@holeout/golf';
import { contrastRatio, DARK_TEXT, WHITE } from '../theme.ts';
import type { OrgSummary } from './session-calls.ts';

export interface Branding {
  orgId: number;
  name: string;
  mediaId: number | null;
  /** The organisation's logo (at most 512 px), or null without one. */
  logoUrl: string | null;
  /** The organisation's theme colour (#rrggbb) for the menu header, or null without one. */
  colour: string | null;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * Branding applies only when the subscription has branding and one of the user's organisations
 * carries that subscription, and only while the subscription is active: branding
 * is paid for, and switches off with the status as the seats do (issue 11).
 */
export function resolveBranding(
  subscription: Pick<Subscription, 'sub_id' | 'has_branding' | 'status'> | null,
  orgs: readonly OrgSummary[],
): Branding | null {
  if (!subscription?.has_branding || !isActiveStatus(subscription.status)) return null;
  const org = orgs.find((candidate) => candidate.sub_id === subscription.sub_id);
  if (!org) return null;
  return brandingOf(org);
}

/** The branding an organisation gives the menu header. */
export function brandingOf(org: OrgSummary): Branding {
  return { orgId: org.org_id, name: org.name, mediaId: org.media_id, logoUrl: org.logo_url, colour: org.colour };
}

/**
 * The branding after an organisation changed (its name, logo or colour saved): the new look when
 * it is the organisation whose branding is showing, else the branding as it was.
 */
export function rebrand(current: Branding | null, org: OrgSummary): Branding | null {
  if (current?.orgId !== org.org_id) return current;
  return brandingOf(org);
}

/**
 * The text colour for a surface of this colour: black or white, whichever contrasts more. For any
 * colour the better of the two reaches at least 4.58:1, so header text always meets WCAG AA (4.5:1).
 */
export function readableTextOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(DARK_TEXT, background) ? WHITE : DARK_TEXT;
}

/** The menu header's colours when the branding has a valid colour, else null (the theme's look stays). */
export function headerColours(branding: Pick<Branding, 'colour'> | null): { background: string; text: string } | null {
  const colour = branding?.colour;
  if (!colour || !HEX_COLOUR.test(colour)) return null;
  return { background: colour, text: readableTextOn(colour) };
}
