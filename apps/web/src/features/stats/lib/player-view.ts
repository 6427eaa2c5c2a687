/**
 * What the statistics pages read from the session: whose figures (the signed-in user, or the
 * player a coach opened with ?uid=), the units they display in, and the category boundaries the
 * statistics were counted with (the saved custom-sg-settings, else the defaults); and how they
 * pick that player's figures from a body.
 */
import { DEFAULT_CATEGORY_BOUNDARIES, DEFAULT_UNITS, type CategoryBoundaries, type UnitsPair } from '@holeout/golf';
import { useSearchParams } from 'react-router';
import { usePersonName } from '../../../lib/people.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/** The user's units pair: statistics arrive in yards and feet, the pages show these units. */
export function useUnits(): UnitsPair {
  return useSession((s) => s.settings?.units ?? DEFAULT_UNITS);
}

/** The largest uid a query string may name (the API's ids are PostgreSQL integers). */
const MAX_UID = 2_147_483_647;

/**
 * The player named by `?uid=` when it is another player than the signed-in user; null otherwise
 * (no parameter, not a positive whole number, or the user's own uid).
 */
export function otherPlayerOf(raw: string | null, ownUid: number): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const uid = Number(raw);
  return uid <= MAX_UID && uid !== ownUid ? uid : null;
}

/** The player a coach opened (`?uid=` in the URL), or null for the user's own statistics. */
export function useOtherPlayer(): number | null {
  const [params] = useSearchParams();
  const ownUid = useSession((s) => s.user.uid);
  return otherPlayerOf(params.get('uid'), ownUid);
}

export interface PlayerView {
  /** Whose figures the page shows. */
  uid: number;
  /** That uid when it is another player (opened with ?uid=), else null. */
  other: number | null;
  units: UnitsPair;
  boundaries: CategoryBoundaries;
}

export function usePlayerView(): PlayerView {
  const ownUid = useSession((s) => s.user.uid);
  const other = useOtherPlayer();
  const units = useUnits();
  const boundaries = useSession((s) => s.settings?.custom_sg?.boundaries ?? DEFAULT_CATEGORY_BOUNDARIES);
  return { uid: other ?? ownUid, other, units, boundaries };
}

/** The name of the player `uid` (GET /people): undefined while it loads, 'Unknown' when they are not listed. */
export const usePlayerName = usePersonName;

/** The entry for a player: the one with this uid, else the first (the statistics answer for the caller). */
export function pickPlayer<T extends { uid: number }>(players: readonly T[], uid: number): T | undefined {
  return players.find((player) => player.uid === uid) ?? players[0];
}

/** A player's rounds from a list of several players': this uid's, else the first player's. */
export function playerRounds<T extends { uid: number }>(rounds: readonly T[], uid: number): T[] {
  const owner = rounds.some((round) => round.uid === uid) ? uid : rounds[0]?.uid;
  return rounds.filter((round) => round.uid === owner);
}
