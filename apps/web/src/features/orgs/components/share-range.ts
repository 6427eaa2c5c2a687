/** What the invitation page hands org-info after a player joins: the organisation to offer sharing with. */
export interface ShareOfferState {
  orgId: number;
  orgName: string;
}

/** The offer in a location state, when there is a well-formed one (history state can hold anything). */
export function shareOfferOf(state: unknown): ShareOfferState | null {
  if (typeof state !== 'object' || state === null || !('shareOffer' in state)) return null;
  const offer = (state as { shareOffer: unknown }).shareOffer;
  if (typeof offer !== 'object' || offer === null) return null;
  const { orgId, orgName } = offer as { orgId?: unknown; orgName?: unknown };
  return typeof orgId === 'number' && Number.isSafeInteger(orgId) && orgId > 0 && typeof orgName === 'string' ? { orgId, orgName } : null;
}

/** How far back a new member shares their rounds with the organisation's coaches. */
export const SHARE_RANGES = ['DAYS_30', 'DAYS_90', 'YEAR', 'ALL'] as const;
export type ShareRange = (typeof SHARE_RANGES)[number];

export const SHARE_RANGE_LABELS: Record<ShareRange, string> = {
  DAYS_30: 'Last 30 days',
  DAYS_90: 'Last 90 days',
  YEAR: 'Last year',
  ALL: 'All my rounds',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_DAYS: Record<Exclude<ShareRange, 'ALL'>, number> = { DAYS_30: 30, DAYS_90: 90, YEAR: 365 };

/** The `since` of POST /orgs/share-rounds: the instant that many days before now (ISO 8601), or null for every round. */
export function sinceFor(range: ShareRange, now: Date): string | null {
  if (range === 'ALL') return null;
  return new Date(now.getTime() - RANGE_DAYS[range] * DAY_MS).toISOString();
}

/** The result of sharing, in words: how many rounds the coaches now see, and those left as they were. */
export function sharedMessage(answer: { shared: number; kept_private: number }, orgName: string): string {
  const rounds = (n: number) => (n === 1 ? '1 round' : `${n} rounds`);
  const shared =
    answer.shared === 0
      ? `You have no rounds in that time to share with ${orgName}'s coaches.`
      : `${orgName}'s coaches now see ${rounds(answer.shared)} of yours.`;
  const kept =
    answer.kept_private === 0
      ? ''
      : ` ${rounds(answer.kept_private)} you keep private or share by link ${answer.kept_private === 1 ? 'stays' : 'stay'} as ${answer.kept_private === 1 ? 'it is' : 'they are'}.`;
  return shared + kept;
}
