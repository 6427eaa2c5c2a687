/**
 * The quick range of a player's statistics pages (?range=last5|last10|season): which of the
 * rounds the page would count (the Events selection or all; for a coach, every round the player
 * shares) are counted. The address holds it, so a coach's link, a reload and Back keep it.
 */
import type { RoundRange } from '@holeout/golf';
import { useSearchParams } from 'react-router';

export const ROUND_RANGES: ReadonlyArray<{ value: RoundRange; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'last5', label: 'Last 5' },
  { value: 'last10', label: 'Last 10' },
  { value: 'season', label: 'Season' },
];

/** The range named in the address; all when missing or unknown. */
export function asRoundRange(value: string | null): RoundRange {
  return value === 'last5' || value === 'last10' || value === 'season' ? value : 'all';
}

/** The range of this page and a way to choose another (the address is rewritten in place: no new history entry). */
export function useRoundRange(): [RoundRange, (range: RoundRange) => void] {
  const [params, setParams] = useSearchParams();
  const choose = (range: RoundRange) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (range === 'all') next.delete('range');
        else next.set('range', range);
        return next;
      },
      { replace: true },
    );
  return [asRoundRange(params.get('range')), choose];
}

/**
 * What the page header says it counts: "All 23 rounds", "Latest 5 of 23 rounds", "Season: 18 of 23
 * selected rounds", "Latest 5 of 12 rounds shared with you". `counted` are the rounds the range
 * keeps, `total` those it chose from.
 */
export function roundCountWords({
  range,
  counted,
  total,
  kind,
}: {
  range: RoundRange;
  counted: number;
  total: number;
  /** Whose rounds: the user's (all or selected) or a player's shared with a coach. */
  kind: 'all' | 'selected' | 'shared';
}): string {
  const rounds = (n: number) => (n === 1 ? 'round' : 'rounds');
  const noun = kind === 'selected' ? `selected ${rounds(total)}` : rounds(total);
  const tail = kind === 'shared' ? ' shared with you' : '';
  if (range === 'all') {
    if (kind === 'all') return `All ${total} ${noun}`;
    return `${total} ${noun}${tail}`;
  }
  const which = range === 'season' ? `Season: ${counted}` : `Latest ${counted}`;
  return `${which} of ${total} ${noun}${tail}`;
}
