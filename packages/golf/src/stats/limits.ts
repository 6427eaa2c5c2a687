/**
 * The limits on statistics (at most 15 distinct players and 300 rounds) and the per-player grouping
 * every statistic uses.
 */
import type { PlayerRound } from '../round.ts';
import { STATS_MAX_PLAYERS, STATS_MAX_ROUNDS, type ScoredPlayerRound } from './types.ts';

export interface LimitedRounds<T> {
  rounds: T[];
  limited: boolean;
}

/** Newest first; equal starts fall back to the higher event id so the order never depends on input order. */
function newestFirst(a: Pick<PlayerRound, 'start' | 'event_id'>, b: Pick<PlayerRound, 'start' | 'event_id'>): number {
  const byStart = Date.parse(b.start) - Date.parse(a.start);
  if (byStart !== 0 && !Number.isNaN(byStart)) return byStart;
  return b.event_id - a.event_id;
}

/**
 * Cuts a list of player rounds to the statistics' limits (15 distinct players, 300 rounds).
 *
 * Rounds are walked newest first (by `start`, then higher `event_id`). A player is admitted when
 * their newest round is reached while fewer than 15 players are admitted; rounds of any later
 * player are dropped. Walking stops after 300 kept rounds. So the result is the most recent
 * season of the 15 most recently active players. `limited` is true when anything was dropped.
 * The kept rounds are returned oldest first, the order charts draw them in.
 */
export function limitRounds<T extends Pick<PlayerRound, 'start' | 'event_id' | 'uid'>>(
  rounds: readonly T[],
  maxPlayers = STATS_MAX_PLAYERS,
  maxRounds = STATS_MAX_ROUNDS,
): LimitedRounds<T> {
  const admitted = new Set<number>();
  const kept: T[] = [];
  let limited = false;
  for (const round of [...rounds].sort(newestFirst)) {
    if (kept.length >= maxRounds) {
      limited = true;
      break;
    }
    if (!admitted.has(round.uid)) {
      if (admitted.size >= maxPlayers) {
        limited = true;
        continue;
      }
      admitted.add(round.uid);
    }
    kept.push(round);
  }
  return { rounds: kept.reverse(), limited };
}

/** Groups rounds per player, players in ascending uid, each player's rounds in input order. */
export function roundsByPlayer<T extends Pick<ScoredPlayerRound, 'uid'>>(rounds: readonly T[]): Array<{ uid: number; rounds: T[] }> {
  const byUid = new Map<number, T[]>();
  for (const round of rounds) {
    const list = byUid.get(round.uid);
    if (list) list.push(round);
    else byUid.set(round.uid, [round]);
  }
  return [...byUid.entries()].sort(([a], [b]) => a - b).map(([uid, list]) => ({ uid, rounds: list }));
}
