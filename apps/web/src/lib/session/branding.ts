import type { Subscription } from '@holeout/golf';
import type { OrgSummary } from './session-calls.ts';

export interface Branding {
  orgId: number;
  name: string;
  mediaId: number | null;
}

/**
 * Branding applies only when the subscription has branding and one of the user's organisations
 * carries that subscription (spec section 4); otherwise there is none.
 */
export function resolveBranding(
  subscription: Pick<Subscription, 'sub_id' | 'has_branding'> | null,
  orgs: readonly OrgSummary[],
): Branding | null {
  if (!subscription?.has_branding) return null;
  const org = orgs.find((candidate) => candidate.sub_id === subscription.sub_id);
  if (!org) return null;
  return { orgId: org.org_id, name: org.name, mediaId: org.media_id };
}
