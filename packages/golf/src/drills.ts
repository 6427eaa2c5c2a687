import { normaliseEventShares } from './events.ts';
import { folderPermission, PERMISSIONS, type OrgShare, type Permission, type Shares, type UserShare } from './shares.ts';
import { leastSquares, type LeastSquaresLine } from './stats/least-squares.ts';

/**
 * Drills: who may do what with one (a drill's own shares, else its folder's; a folder's permission is
 * the highest of the user's own share and their organisations' shares) and the figures of a drill's
 * progress (the drillprogress and drillresults-team pages).
 */

/** A folder as the permission rule needs it. */
export interface FolderAccess extends Shares {
  owner: number;
}

/**
 * A user's permission over a set of folders: OWNER on their own, otherwise the
 * highest of their own share and the shares to any organisation they belong to. NONE when there
 * are no folders (the caller logs that as a warning).
 */
export function highestFolderPermission(uid: number, orgIds: readonly number[], folders: readonly FolderAccess[]): Permission {
  let best: Permission = PERMISSIONS.NONE;
  for (const folder of folders) {
    const permission = folder.owner === uid ? PERMISSIONS.OWNER : folderPermission(uid, orgIds, folder);
    if (permission > best) best = permission;
  }
  return best;
}

/** A drill as the permission rule needs it. */
export interface DrillAccess extends Shares {
  owner: number;
  /** The user took themself off it (GET /drills/unshare). */
  hidden: boolean;
  /** Its folder, or null when unfiled. */
  folder: FolderAccess | null;
}

/**
 * A user's permission on a drill: OWNER for its owner; NONE once they removed themself from it;
 * otherwise its own shares when it has any (the highest of the user's and their organisations'),
 * else its folder's (a drill inherits its folder's shares unless it has its own), at most MODIFY.
 * Drills support ADD and MODIFY, so no share is lowered otherwise.
 */
export function drillPermission(uid: number, orgIds: readonly number[], drill: DrillAccess): Permission {
  if (drill.owner === uid) return PERMISSIONS.OWNER;
  if (drill.hidden) return PERMISSIONS.NONE;
  const shared =
    drill.usershares.length > 0 || drill.orgshares.length > 0
      ? folderPermission(uid, orgIds, drill)
      : drill.folder
        ? highestFolderPermission(uid, orgIds, [drill.folder])
        : PERMISSIONS.NONE;
  // Only the drill's owner owns it: the owner of the folder it is filed in reaches it at MODIFY (else
  // someone with MODIFY could file a drill in their own folder and delete it).
  return shared === PERMISSIONS.OWNER ? PERMISSIONS.MODIFY : shared;
}

/** One scored attempt: when, and the value of the drill's score field. */
export interface DrillScore {
  time: string;
  score: number;
}

export interface DrillProgress {
  attempts: number;
  /** The best score: the highest when higher is better, else the lowest. */
  best: number | null;
  average: number | null;
  latest: number | null;
  /** Average of the latest five attempts (recent form), or of all when fewer. */
  recentAverage: number | null;
  /**
   * The least-squares slope of score against time, in score per 30 days; null with fewer than two
   * attempts or when they all fall at one instant.
   */
  trendPer30Days: number | null;
  /**
   * Whether the trend goes the good way for this drill; null unless the slope is larger than its
   * noise (more than twice its standard error, which needs at least three attempts).
   */
  improving: boolean | null;
}

const DAY_MS = 86_400_000;
export const RECENT_ATTEMPTS = 5;

/**
 * The figures of a drill's progress from its scored attempts (any order): attempts, best,
 * average, latest, recent form and the trend line's slope. Unrounded.
 */
export function drillProgress(scores: readonly DrillScore[], higherIsBetter: boolean): DrillProgress {
  const sorted = [...scores].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const n = sorted.length;
  if (n === 0) return { attempts: 0, best: null, average: null, latest: null, recentAverage: null, trendPer30Days: null, improving: null };
  const values = sorted.map((s) => s.score);
  const mean = (list: number[]) => list.reduce((sum, v) => sum + v, 0) / list.length;
  const best = higherIsBetter ? Math.max(...values) : Math.min(...values);
  const fit = trendFit(sorted);
  const trendPer30Days = fit === null ? null : fit.slope * 30 * DAY_MS;
  // A direction is claimed only when the slope stands out from the scatter around the line.
  const clear = fit !== null && fit.standardError !== null && Math.abs(fit.slope) > TREND_NOISE_FACTOR * fit.standardError;
  const improving = !clear || fit.slope === 0 ? null : fit.slope > 0 === higherIsBetter;
  return {
    attempts: n,
    best,
    average: mean(values),
    latest: values[n - 1]!,
    recentAverage: mean(values.slice(-RECENT_ATTEMPTS)),
    trendPer30Days,
    improving,
  };
}

/** A trend is a direction only when its slope is more than this many standard errors from flat. */
export const TREND_NOISE_FACTOR = 2;

/**
 * The least-squares line of the attempts' scores against time (x in milliseconds since the first
 * attempt); null when the slope is undefined (fewer than two attempts, or all at one instant).
 */
function trendFit(sorted: readonly DrillScore[]): LeastSquaresLine | null {
  if (sorted.length === 0) return null;
  const t0 = Date.parse(sorted[0]!.time);
  return leastSquares(
    sorted.map((s) => Date.parse(s.time) - t0),
    sorted.map((s) => s.score),
  );
}

/** The points of the trend line at the first and last attempt, for drawing it beside the scores. */
export function drillTrendLine(scores: readonly DrillScore[]): [DrillScore, DrillScore] | null {
  const sorted = [...scores].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const fit = trendFit(sorted);
  if (fit === null) return null;
  const t0 = Date.parse(sorted[0]!.time);
  const at = (x: number) => fit.meanY + fit.slope * (x - fit.meanX);
  return [
    { time: sorted[0]!.time, score: at(0) },
    { time: sorted[sorted.length - 1]!.time, score: at(Date.parse(sorted[sorted.length - 1]!.time) - t0) },
  ];
}

export interface RankedPlayer<T> {
  uid: number;
  progress: DrillProgress;
  extra: T;
  /** 1 for the best; players level on recent form share a rank; null for a player with no attempts. */
  rank: number | null;
}

/**
 * Ranks players on one drill by recent form (the average of their latest five attempts), best
 * first by the drill's direction; players with no attempts come last, unranked.
 */
export function rankDrillPlayers<T>(
  players: ReadonlyArray<{ uid: number; scores: readonly DrillScore[]; extra: T }>,
  higherIsBetter: boolean,
): RankedPlayer<T>[] {
  const rows = players.map((p) => ({
    uid: p.uid,
    progress: drillProgress(p.scores, higherIsBetter),
    extra: p.extra,
    rank: null as number | null,
  }));
  const scored = rows.filter((r) => r.progress.recentAverage !== null);
  const better = (a: number, b: number) => (higherIsBetter ? b - a : a - b);
  scored.sort((a, b) => better(a.progress.recentAverage!, b.progress.recentAverage!) || a.uid - b.uid);
  scored.forEach((row, index) => {
    const previous = scored[index - 1];
    row.rank = previous && previous.progress.recentAverage === row.progress.recentAverage ? previous.rank : index + 1;
  });
  return [...scored, ...rows.filter((r) => r.progress.recentAverage === null)];
}

/**
 * The shares a drill or folder is saved with: NONE and the owner's own dropped, OWNER lowered to
 * MODIFY (only the owner owns), the highest kept per user or organisation. Drills and folders
 * grant both ADD and MODIFY, as a practice does.
 */
export function normaliseLibraryShares(
  owner: number,
  shares: { usershares: readonly UserShare[]; orgshares: readonly OrgShare[] },
): Shares {
  return normaliseEventShares(owner, 'PRACTICE', shares);
}
