/**
 * Deterministic, realistic rounds for the statistics benchmark (and for invariant tests): a seeded
 * PRNG drives a simple model of a mid-handicap golfer, so every run measures the same shots.
 */
import type { EndLie, Hole, MissDirection, PlayerRound, Shot, StartLie } from '../src/round.ts';
import { MISS_DIRECTIONS } from '../src/round.ts';
import { seededRandom, type Random } from '../src/simulate/random.ts';

const between = (random: Random, low: number, high: number): number => low + (high - low) * random();
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const yards = (d: number): number => Math.max(1, Math.round(d));

/** A par-72 card: 4 par 3s, 10 par 4s, 4 par 5s, with typical lengths. */
function courseCard(random: Random): Array<{ par: number; length: number }> {
  const pars = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5];
  return pars.map((par) => ({
    par,
    length: yards(par === 3 ? between(random, 135, 215) : par === 4 ? between(random, 330, 460) : between(random, 480, 590)),
  }));
}

/** Where an off-green shot that missed its target finishes. */
function missLie(random: Random): Exclude<EndLie, 'G' | 'I'> {
  const roll = random();
  if (roll < 0.55) return 'R';
  if (roll < 0.8) return 'S';
  if (roll < 0.9) return 'F';
  if (roll < 0.96) return 'H';
  return 'O';
}

/** Plays one hole shot by shot. Stops after 11 strokes by holing the next one (a pick-up on a card). */
function playHole(random: Random, par: number, length: number): Shot[] {
  const shots: Shot[] = [];
  let from: StartLie = 'T';
  let dist = length;
  for (let n = 0; n < 12; n++) {
    if (n === 11) {
      shots.push({ from, dist, to: 'I' });
      break;
    }
    if (from === 'G') {
      // Make chance falls with length: ~85% at 3 ft, ~50% at 7 ft, ~7% at 25 ft.
      const made = random() < 1 / (1 + (dist / 7) ** 2) + (dist <= 2 ? 0.5 : 0);
      if (made) {
        shots.push({ from, dist, to: 'I' });
        break;
      }
      const miss: MissDirection = pick(random, MISS_DIRECTIONS);
      shots.push({ from, dist, to: 'G', miss });
      dist = yards(Math.max(1, dist * between(random, 0.05, 0.25)));
      continue;
    }
    const isDrive = from === 'T' && par >= 4;
    if (isDrive) {
      const carry = between(random, 215, 285);
      const roll = random();
      const to: EndLie = roll < 0.55 ? 'F' : roll < 0.85 ? 'R' : roll < 0.92 ? 'S' : roll < 0.96 ? 'H' : 'O';
      const shot: Shot = { from, dist, to };
      if (to !== 'F') shot.miss = random() < 0.5 ? 'l' : 'r';
      shots.push(shot);
      if (to === 'O') continue; // replayed from the tee with a penalty stroke
      dist = yards(Math.max(dist - carry, 20));
      // From a penalty area the ball is dropped in the rough.
      from = to === 'H' ? 'R' : to;
      continue;
    }
    if (dist > 240) {
      // Out of reach: advance the ball (a lay-up or a fairway wood that comes up short).
      const roll = random();
      const to: EndLie = roll < 0.6 ? 'F' : roll < 0.92 ? 'R' : 'S';
      shots.push({ from, dist, to });
      dist = yards(Math.max(dist - between(random, 170, 230), 30));
      from = to;
      continue;
    }
    // Approach or chip: chance of finding the green falls with distance and a poor lie.
    const lieFactor = from === 'F' || from === 'T' ? 1 : from === 'S' ? 0.7 : 0.8;
    const greenChance = (dist <= 50 ? 0.9 : Math.max(0.15, 0.85 - (dist - 50) / 300)) * lieFactor;
    if (dist <= 40 && random() < 0.04) {
      shots.push({ from, dist, to: 'I' });
      break;
    }
    if (random() < greenChance) {
      shots.push({ from, dist, to: 'G' });
      // Proximity in feet grows with the distance of the shot.
      dist = yards(dist <= 50 ? dist * between(random, 0.15, 0.6) : dist * between(random, 0.1, 0.3));
      from = 'G';
      continue;
    }
    const to = dist <= 50 ? pick(random, ['R', 'F', 'S'] as const) : missLie(random);
    shots.push({ from, dist, to, miss: pick(random, MISS_DIRECTIONS) });
    if (to === 'O') continue;
    dist = yards(dist <= 50 ? between(random, 4, 25) : between(random, 8, Math.min(40, dist * 0.3)));
    from = to === 'H' ? 'R' : to;
  }
  return shots;
}

/** One 18-hole round of `uid`, numbered `event_id`, played `day` days after 1 January 2025. */
export function generateRound(random: Random, event_id: number, uid: number, day: number): PlayerRound {
  const holes: Hole[] = courseCard(random).map((card, i) => ({
    hole: i + 1,
    par: card.par,
    shots: playHole(random, card.par, card.length),
  }));
  return {
    event_id,
    uid,
    start: new Date(Date.UTC(2025, 0, 1 + day, 8)).toISOString(),
    round: { units: 'FEET_YARDS', holes },
  };
}

/** `players` players with `roundsEach` 18-hole rounds each, the same for the same seed. */
export function generateSeason(seed: number, players: number, roundsEach: number): PlayerRound[] {
  const random = seededRandom(seed);
  const rounds: PlayerRound[] = [];
  let event_id = 1;
  for (let r = 0; r < roundsEach; r++) {
    for (let p = 1; p <= players; p++) rounds.push(generateRound(random, event_id++, p, r));
  }
  return rounds;
}
