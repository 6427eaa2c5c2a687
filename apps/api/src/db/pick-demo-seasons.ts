/**
 * Picks the demo golfers' season seeds (DEMO_SEASON_SEEDS in seed.ts): for each golfer, the first
 * seed from 20261122 on whose season lands inside the published ranges of the golfer's level.
 * Run with `npx tsx apps/api/src/db/pick-demo-seasons.ts` and paste the printed list.
 */
import { planSeason } from './demo-season.ts';
import { unrealisticFigures } from './demo-realism.ts';
import { demoGolfers } from './seed.ts';

const now = new Date();
const golfers = demoGolfers(1, 2, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], 1, []);
const seeds = golfers.map((golfer) => {
  for (let seed = 20261122; seed < 20261122 + 5000; seed++) {
    if (unrealisticFigures(planSeason({ ...golfer, seasonSeed: seed }, now)).length === 0) return seed;
  }
  throw new Error(`no season inside the ranges for golfer ${golfer.uid}`);
});
console.log(JSON.stringify(seeds));
