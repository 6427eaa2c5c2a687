const DAY_MS = 86_400_000;

/** A plan's practice starts at 17:00 and lasts an hour, in UTC (the API keeps no time zone of the player). */
export const PRACTICE_START_HOUR_UTC = 17;
export const PRACTICE_MINUTES = 60;

export interface PlannedPractice {
  /** 1-based week of the plan. */
  week: number;
  start: Date;
  end: Date;
}

/**
 * The practices of a plan: `perWeek` in each of `weeks` weeks (7-day blocks from `startDate`), spread
 * evenly over each block (practice k of n on day floor(7k/n): 3 a week fall on days 0, 2 and 4; 2 on
 * days 0 and 3), each from 17:00 to 18:00 UTC. `perWeek` is held to 1..7.
 */
export function schedulePractices(startDate: string, weeks: number, perWeek: number): PlannedPractice[] {
  const first = Date.parse(`${startDate}T00:00:00Z`);
  const n = Math.min(7, Math.max(1, Math.round(perWeek)));
  const practices: PlannedPractice[] = [];
  for (let week = 0; week < weeks; week++) {
    for (let k = 0; k < n; k++) {
      const day = week * 7 + Math.floor((7 * k) / n);
      const start = new Date(first + day * DAY_MS + PRACTICE_START_HOUR_UTC * 3_600_000);
      practices.push({ week: week + 1, start, end: new Date(start.getTime() + PRACTICE_MINUTES * 60_000) });
    }
  }
  return practices;
}

/** The UTC calendar day of a time, 2026-11-21. */
export const utcDay = (time: Date): string => time.toISOString().slice(0, 10);

/** Days between two calendar dates (b - a). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
