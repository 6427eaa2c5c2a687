import { describe, expect, it } from 'vitest';
import { drillPermission, drillProgress, drillTrendLine, highestFolderPermission, rankDrillPlayers } from './drills.ts';
import { PERMISSIONS } from './shares.ts';

const day = (n: number) => new Date(Date.UTC(2026, 8, 1) + n * 86_400_000).toISOString();

describe('highestFolderPermission', () => {
  const coachFolder = {
    owner: 1,
    usershares: [{ uid: 7, permissions: PERMISSIONS.VIEW }],
    orgshares: [{ org_id: 2, permissions: PERMISSIONS.ADD }],
  };
  it("takes the highest of the own share and the organisations' shares", () => {
    expect(highestFolderPermission(7, [2], [coachFolder])).toBe(PERMISSIONS.ADD);
    expect(highestFolderPermission(7, [], [coachFolder])).toBe(PERMISSIONS.VIEW);
    expect(highestFolderPermission(8, [2], [coachFolder])).toBe(PERMISSIONS.ADD);
    expect(highestFolderPermission(8, [3], [coachFolder])).toBe(PERMISSIONS.NONE);
  });
  it('is OWNER on an own folder and NONE with no folders', () => {
    expect(highestFolderPermission(1, [], [coachFolder])).toBe(PERMISSIONS.OWNER);
    expect(highestFolderPermission(7, [2], [])).toBe(PERMISSIONS.NONE);
  });
  it('takes the highest over several folders', () => {
    const other = { owner: 5, usershares: [{ uid: 7, permissions: PERMISSIONS.MODIFY }], orgshares: [] };
    expect(highestFolderPermission(7, [2], [coachFolder, other])).toBe(PERMISSIONS.MODIFY);
  });
});

describe('drillPermission', () => {
  const folder = { owner: 1, usershares: [], orgshares: [{ org_id: 2, permissions: PERMISSIONS.VIEW }] };
  const inFolder = { owner: 1, usershares: [], orgshares: [], hidden: false, folder };
  it('follows the folder when the drill has no shares of its own', () => {
    expect(drillPermission(7, [2], inFolder)).toBe(PERMISSIONS.VIEW);
    expect(drillPermission(7, [3], inFolder)).toBe(PERMISSIONS.NONE);
  });
  it("uses its own shares instead of the folder's when it has any", () => {
    const own = { ...inFolder, usershares: [{ uid: 9, permissions: PERMISSIONS.MODIFY }] };
    expect(drillPermission(9, [], own)).toBe(PERMISSIONS.MODIFY);
    expect(drillPermission(7, [2], own)).toBe(PERMISSIONS.NONE);
  });
  it('is OWNER for the owner, even hidden, and NONE once a viewer removed themself', () => {
    expect(drillPermission(1, [], { ...inFolder, hidden: true })).toBe(PERMISSIONS.OWNER);
    expect(drillPermission(7, [2], { ...inFolder, hidden: true })).toBe(PERMISSIONS.NONE);
  });
  it('gives the owner of the folder MODIFY, not OWNER, on a drill someone else filed in it', () => {
    expect(drillPermission(1, [], { ...inFolder, owner: 5 })).toBe(PERMISSIONS.MODIFY);
  });
  it('is NONE for others on an unfiled drill with no shares', () => {
    expect(drillPermission(7, [2], { ...inFolder, folder: null })).toBe(PERMISSIONS.NONE);
  });
});

describe('drillProgress, worked by hand', () => {
  // Putts made of 10 on days 0, 10 and 20: 4, 6, 8. Mean day 10, mean score 6;
  // Sxx = 10² + 0 + 10² = 200 day², Sxy = (-10)(-2) + 0 + (10)(2) = 40; slope 0.2 a day = 6 per 30 days.
  const ladder = [
    { time: day(20), score: 8 },
    { time: day(0), score: 4 },
    { time: day(10), score: 6 },
  ];
  it('gives attempts, best, average, latest, recent form and the trend', () => {
    const p = drillProgress(ladder, true);
    expect(p.attempts).toBe(3);
    expect(p.best).toBe(8);
    expect(p.average).toBe(6);
    expect(p.latest).toBe(8);
    expect(p.recentAverage).toBe(6);
    expect(p.trendPer30Days).toBeCloseTo(6, 10);
    expect(p.improving).toBe(true);
  });
  it('reads the same numbers the other way when lower is better', () => {
    const p = drillProgress(ladder, false);
    expect(p.best).toBe(4);
    expect(p.improving).toBe(false);
  });
  it('has recent form over the latest five only', () => {
    const scores = [1, 2, 3, 4, 5, 6, 7].map((score, i) => ({ time: day(i), score }));
    expect(drillProgress(scores, true).recentAverage).toBe(5); // (3+4+5+6+7)/5
  });
  it('has no trend with one attempt or all at one instant, and nothing with none', () => {
    expect(drillProgress([{ time: day(0), score: 5 }], true).trendPer30Days).toBeNull();
    expect(
      drillProgress(
        [
          { time: day(0), score: 5 },
          { time: day(0), score: 7 },
        ],
        true,
      ).improving,
    ).toBeNull();
    expect(drillProgress([], true)).toEqual({
      attempts: 0,
      best: null,
      average: null,
      latest: null,
      recentAverage: null,
      trendPer30Days: null,
      improving: null,
    });
  });
  it('draws the trend line through the mean point', () => {
    const line = drillTrendLine(ladder)!;
    expect(line[0].time).toBe(day(0));
    expect(line[0].score).toBeCloseTo(4, 10);
    expect(line[1].score).toBeCloseTo(8, 10);
    expect(drillTrendLine([{ time: day(0), score: 1 }])).toBeNull();
  });
});

describe('rankDrillPlayers', () => {
  it("ranks by recent form in the drill's direction, ties share a rank, players without attempts last", () => {
    const ranked = rankDrillPlayers(
      [
        { uid: 1, scores: [{ time: day(0), score: 6 }], extra: 'a' },
        { uid: 2, scores: [], extra: 'b' },
        { uid: 3, scores: [{ time: day(0), score: 8 }], extra: 'c' },
        { uid: 4, scores: [{ time: day(1), score: 6 }], extra: 'd' },
      ],
      true,
    );
    expect(ranked.map((r) => [r.uid, r.rank])).toEqual([
      [3, 1],
      [1, 2],
      [4, 2],
      [2, null],
    ]);
    expect(
      rankDrillPlayers(
        [
          { uid: 1, scores: [{ time: day(0), score: 6 }], extra: 0 },
          { uid: 3, scores: [{ time: day(0), score: 8 }], extra: 0 },
        ],
        false,
      )[0]!.uid,
    ).toBe(1);
  });
});

describe('drillProgress: a direction only when the trend is larger than its noise', () => {
  const day = (d: number) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString();
  const series = (scores: number[]) => scores.map((score, d) => ({ time: day(d), score }));

  it('a steady climb is improving when higher is better, and getting worse when lower is better', () => {
    // 5, 6, 7, 8 on days 0-3: slope 1 a day (30 per 30 days) and no scatter, so its standard error is 0.
    expect(drillProgress(series([5, 6, 7, 8]), true)).toMatchObject({ improving: true });
    expect(drillProgress(series([5, 6, 7, 8]), false)).toMatchObject({ improving: false });
    expect(drillProgress(series([5, 6, 7, 8]), true).trendPer30Days).toBeCloseTo(30);
  });

  it('a noisy flat series names no direction, though its slope is not 0', () => {
    // Days 0-5, scores 5 8 4 7 5 6: Sxx = 17.5, Sxy = -0.5, slope = -0.029 a day; the residuals'
    // SSE is 12.99, so the slope's standard error is sqrt(12.99 / 4 / 17.5) = 0.43: 15 times the slope.
    const progress = drillProgress(series([5, 8, 4, 7, 5, 6]), true);
    expect(progress.trendPer30Days).toBeCloseTo((-0.5 / 17.5) * 30);
    expect(progress.improving).toBeNull();
  });

  it('two attempts give a slope but no direction (no scatter to measure)', () => {
    const progress = drillProgress(series([5, 9]), true);
    expect(progress.trendPer30Days).toBeCloseTo(120);
    expect(progress.improving).toBeNull();
  });
});
