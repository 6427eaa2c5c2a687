/**
 * A player's strokes-gained trend over their season, from the per-round figures of GET
 * /v4/stats/round_sg: recent form (the mean of the latest rounds) against the season's mean, and
 * the slope of a least-squares line through the season's rounds, named only when it stands out
 * from its own noise.
 */
import { leastSquares } from './least-squares.ts';

/** One round's strokes gained in one part of the game (per 18 holes) and when it started. */
export interface SgTrendRound {
  start: string;
  sg: number;
}

/** improving / getting worse: the slope is more than twice its standard error; steady: it is not. */
export type SgTrendWord = 'improving' | 'getting worse' | 'steady';

export interface SgTrend {
  /** Rounds in the season. */
  rounds: number;
  /** Mean strokes gained per round over the season; null without rounds. */
  season: number | null;
  /** Mean strokes gained per round over the latest SG_TREND_RECENT rounds (all, when fewer). */
  recent: number | null;
  /** Rounds the recent mean is over: SG_TREND_RECENT, or the season's rounds when fewer. */
  recentRounds: number;
  /** Least-squares slope of strokes gained against time, per 30 days; null with fewer than two days apart. */
  slopePer30Days: number | null;
  /** The slope's standard error, per 30 days; null with fewer than three rounds (no residual left to measure). */
  slopeStandardError: number | null;
  /** The plain word for the slope; null when there is no standard error to judge it by. */
  word: SgTrendWord | null;
}

/** Recent form: the latest 10 rounds. */
export const SG_TREND_RECENT = 10;
/** A season: the rounds of the 365 days up to and including the player's latest round. */
export const SG_TREND_SEASON_DAYS = 365;
/** A slope is named only when it is larger than this many standard errors. */
export const SG_TREND_NOISE_FACTOR = 2;

const DAY_MS = 86_400_000;

const meanOf = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The trend of one player's strokes gained in one part of the game. Rounds come in any order; the
 * season is those within SG_TREND_SEASON_DAYS of the latest. The slope b is the ordinary least-squares
 * slope of strokes gained against days, b = Sxy / Sxx; its standard error is sqrt(s^2 / Sxx) with
 * s^2 = (sum of squared residuals) / (n - 2). Both are scaled to 30 days. The word is "improving"
 * (b > 0) or "getting worse" (b < 0) only when |b| > SG_TREND_NOISE_FACTOR standard errors, else
 * "steady". Higher strokes gained is better in every part of the game. Unrounded.
 */
export function sgTrend(rounds: readonly SgTrendRound[]): SgTrend {
  const dated = rounds.map((round) => ({ at: Date.parse(round.start), sg: round.sg })).filter((round) => Number.isFinite(round.at));
  dated.sort((a, b) => a.at - b.at);
  const latest = dated.at(-1)?.at;
  const season = latest === undefined ? [] : dated.filter((round) => latest - round.at <= SG_TREND_SEASON_DAYS * DAY_MS);
  const n = season.length;
  if (n === 0) {
    return { rounds: 0, season: null, recent: null, recentRounds: 0, slopePer30Days: null, slopeStandardError: null, word: null };
  }
  const recent = season.slice(-SG_TREND_RECENT);
  const base = {
    rounds: n,
    season: meanOf(season.map((round) => round.sg)),
    recent: meanOf(recent.map((round) => round.sg)),
    recentRounds: recent.length,
  };
  const fit = leastSquares(
    season.map((round) => (round.at - season[0]!.at) / DAY_MS),
    season.map((round) => round.sg),
  );
  if (fit === null) return { ...base, slopePer30Days: null, slopeStandardError: null, word: null };
  const { slope, standardError } = fit;
  if (standardError === null) return { ...base, slopePer30Days: slope * 30, slopeStandardError: null, word: null };
  const word: SgTrendWord =
    Math.abs(slope) > SG_TREND_NOISE_FACTOR * standardError ? (slope > 0 ? 'improving' : 'getting worse') : 'steady';
  return { ...base, slopePer30Days: slope * 30, slopeStandardError: standardError * 30, word };
}
