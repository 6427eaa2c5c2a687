/**
 * What the statistics pages read from the session: whose figures (the signed-in user), the units
 * they display in, and the category boundaries the statistics were counted with (the saved
 * custom-sg-settings, else the defaults); and how they pick that player's figures from a body.
 */
import { DEFAULT_CATEGORY_BOUNDARIES, DEFAULT_UNITS, UNITS_PAIR_NAMES, type CategoryBoundaries, type UnitsPair } from '@holeout/golf';
import { useSession } from '../../../lib/session/use-session.ts';

/** The user's units pair: statistics arrive in yards and feet, the pages show these units. */
export function useUnits(): UnitsPair {
  const units = useSession((s) => s.settings?.units);
  return units && (UNITS_PAIR_NAMES as readonly string[]).includes(units) ? (units as UnitsPair) : DEFAULT_UNITS;
}

export interface PlayerView {
  uid: number;
  units: UnitsPair;
  boundaries: CategoryBoundaries;
}

export function usePlayerView(): PlayerView {
  const uid = useSession((s) => s.user.uid);
  const units = useUnits();
  const boundaries = useSession((s) => s.settings?.custom_sg?.boundaries ?? DEFAULT_CATEGORY_BOUNDARIES);
  return { uid, units, boundaries };
}

/** The entry for a player: the one with this uid, else the first (the statistics answer for the caller). */
export function pickPlayer<T extends { uid: number }>(players: readonly T[], uid: number): T | undefined {
  return players.find((player) => player.uid === uid) ?? players[0];
}

/** A player's rounds from a list of several players': this uid's, else the first player's. */
export function playerRounds<T extends { uid: number }>(rounds: readonly T[], uid: number): T[] {
  const owner = rounds.some((round) => round.uid === uid) ? uid : rounds[0]?.uid;
  return rounds.filter((round) => round.uid === owner);
}
