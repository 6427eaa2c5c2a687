/**
 * Picks the demo golfers' season seeds (DEMO_SEASON_SEEDS in seed.ts): for golfer i, the first seed
 * from DEMO_SEASON_BASE + 1000 i on whose season lands inside the published ranges of the golfer's
 * level and, with a planted weakness, whose latest rounds the diagnosis names it in.
 * Run with `npx tsx apps/api/src/db/pick-demo-seasons.ts` and paste the printed list.
 */
import { planSeason } from './demo-season.ts';
import { demoSeasonProblems } from './demo-realism.ts';
import { DEMO_SEASON_BASE, demoGolfers } from './seed.ts';

const now = new Date();
const golfers = demoGolfers(1, 2, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], 1, []);
const seeds = golfers.map((golfer, i) => {
  const base = DEMO_SEASON_BASE + 1000 * i;
  for (let seed = base; seed < base + 1000; seed++) {
    if (demoSeasonProblems(planSeason({ ...golfer, seasonSeed: seed }, now)).length === 0) return seed;
  }
  throw new Error(`no season inside the ranges for golfer ${golfer.uid}`);
});
console.log(JSON.stringify(seeds));
