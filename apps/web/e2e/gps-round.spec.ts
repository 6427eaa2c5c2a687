import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logIn, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * Add Round on the course, with Chromium's geolocation standing in for the phone's: an 18-hole round
 * walked shot by shot at 390 px (three holes scripted by hand: a putt measured at once after the pin,
 * a 40 m fix confirmed, a pin marked after holing out; fifteen more laid out side by side). The golfer taps "I'm at my ball" once, then only results
 * (each keeps the position where it is tapped), and marks the pin when they reach it. Every distance
 * saved must be the haversine distance of the scripted positions to the pin, in the round's units,
 * to the unit the golfer would type (and so within 1 yd); no digit is typed, and each hole takes at
 * most 2.0 taps a shot, counting the par, the pin and the confirmation of a 40 m fix.
 */

type Result = 'F' | 'R' | 'S' | 'G' | 'I';
type Lie = 'T' | 'F' | 'R' | 'S' | 'G';
/** Metres east and north of the course's origin. */
type Spot = [east: number, north: number];
interface WalkedShot {
  at: Spot;
  to: Result;
  /** Tap "I'm at my ball" before the result (else the result keeps the position). */
  atBall?: boolean;
  /** The fix's accuracy in metres (5 unless given). */
  accuracy?: number;
}
interface WalkedHole {
  par: number;
  shots: WalkedShot[];
  pin: Spot;
  /** The pin is marked after this many shots (on the green, or holed). */
  pinAfter: number;
}

const ORIGIN = { lat: 56.34, lon: -2.8 };
/** The spec's own sphere (IUGG mean radius), independent of the app's code. */
const R = 6_371_008.8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

function toLatLon([east, north]: Spot): { latitude: number; longitude: number } {
  const latitude = ORIGIN.lat + ((north / R) * 180) / Math.PI;
  const longitude = ORIGIN.lon + ((east / (R * Math.cos(rad(ORIGIN.lat)))) * 180) / Math.PI;
  return { latitude, longitude };
}

function haversine(a: Spot, b: Spot): number {
  const p = toLatLon(a);
  const q = toLatLon(b);
  const h =
    Math.sin(rad(q.latitude - p.latitude) / 2) ** 2 +
    Math.cos(rad(p.latitude)) * Math.cos(rad(q.latitude)) * Math.sin(rad(q.longitude - p.longitude) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

const WALKED_HOLES: WalkedHole[] = [
  {
    par: 4,
    pin: [18, 372],
    pinAfter: 3,
    shots: [
      { at: [0, 0], to: 'F', atBall: true },
      { at: [12, 245], to: 'R' },
      { at: [20, 330], to: 'G' },
      // With the pin marked, "I'm at my ball" fills the putt's length in at once.
      { at: [25, 361], to: 'G', atBall: true },
      { at: [18.6, 371.2], to: 'I' },
    ],
  },
  {
    par: 3,
    pin: [60, 560],
    pinAfter: 1,
    shots: [
      { at: [40, 400], to: 'G' },
      { at: [52, 549], to: 'G' },
      { at: [59.5, 558.8], to: 'I' },
    ],
  },
  {
    par: 5,
    pin: [96, 1088],
    // Holed from the green before the pin was marked: the next hole offers the pin of this one.
    pinAfter: 4,
    shots: [
      { at: [80, 600], to: 'F', accuracy: 40 },
      { at: [90, 850], to: 'F' },
      { at: [100, 1030], to: 'G' },
      { at: [95, 1085], to: 'I' },
    ],
  },
];

/**
 * Holes 4-18, laid out side by side 400 m apart: par 4s and 5s from the fairway (a par 5 in three
 * shots to the green), par 3s onto the green; the pin marked on reaching the green, then two putts.
 */
function laidOutHole(number: number): WalkedHole {
  const par = [4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 4, 5, 4, 4][number - 4]!;
  const east = number * 400;
  const length = par === 3 ? 165 : par === 4 ? 380 + (number % 3) * 15 : 500;
  const pin: Spot = [east + 12, length];
  const long: WalkedShot[] =
    par === 3
      ? [{ at: [east, 0], to: 'G' }]
      : par === 4
        ? [
            { at: [east, 0], to: number % 2 === 0 ? 'F' : 'R' },
            { at: [east + 8, 240], to: 'G' },
          ]
        : [
            { at: [east, 0], to: 'F' },
            { at: [east + 6, 250], to: 'F' },
            { at: [east + 10, 420], to: 'G' },
          ];
  const putts: WalkedShot[] = [
    { at: [east + 12 - 6, length - 7], to: 'G' },
    { at: [east + 12 - 0.7, length - 0.6], to: 'I' },
  ];
  return { par, pin, pinAfter: long.length, shots: [...long, ...putts] };
}

const HOLES: WalkedHole[] = [...WALKED_HOLES, ...Array.from({ length: 15 }, (_, index) => laidOutHole(index + 4))];

const RESULT_NAMES: Record<Result, string> = { F: 'Fairway', R: 'Rough', S: 'Sand', G: 'Green', I: 'Holed' };

/** Every tap goes through here, so the figure is what a golfer does. */
class CountedTaps {
  count = 0;
  async click(target: Locator): Promise<void> {
    this.count += 1;
    await target.click();
  }
}

async function standAt(context: BrowserContext, spot: Spot, accuracy = 5): Promise<void> {
  await context.setGeolocation({ ...toLatLon(spot), accuracy });
}

/** The factor from metres to each unit, with the product's constants (1 m = 1.0936 yd = 3.28084 ft). */
const PER_METER = { yards: 1.0936, feet: 3.28084, meters: 1 } as const;
const PAIRS: Record<string, { putt: keyof typeof PER_METER; long: keyof typeof PER_METER }> = {
  FEET_YARDS: { putt: 'feet', long: 'yards' },
  FEET_METERS: { putt: 'feet', long: 'meters' },
  YARDS_METERS: { putt: 'yards', long: 'meters' },
  YARDS_YARDS: { putt: 'yards', long: 'yards' },
  METERS_METERS: { putt: 'meters', long: 'meters' },
  METERS_YARDS: { putt: 'meters', long: 'yards' },
};

async function apiGet(page: Page, path: string): Promise<unknown> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return response.json();
}

interface SavedShot {
  from: Lie;
  dist: number;
  to: Result;
  lat?: number;
  lon?: number;
}

test('an 18-hole round walked on GPS: distances are the haversine distances to the pin, at most 2.0 taps a shot, no digit typed', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['geolocation'], { origin: baseURL });
  await standAt(context, [0, 0]);
  await page.setViewportSize(MOBILE_VIEWPORT);
  await logIn(page, DEMO_ACCOUNTS.player);
  await page.goto('/scanner');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Round' })).toBeVisible();
  const course = `GPS Links ${Date.now()}`;
  // The course name is typed once a round, not per hole or shot: it is not counted.
  await page.getByRole('textbox', { name: 'Course' }).fill(course);

  const distance = page.getByRole('textbox', { name: 'Distance', exact: true });
  const result = page.getByRole('group', { name: 'Result' });
  const atBall = page.getByRole('button', { name: /^(I'm at my ball|Position kept for shot \d+)$/ });
  const shotsList = page.getByRole('list', { name: 'Shots on this hole' });
  const perHole: number[] = [];
  let totalTaps = 0;
  let axeChecked = false;

  for (const [index, hole] of HOLES.entries()) {
    const taps = new CountedTaps();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Hole ${index + 1}\\b`) })).toBeVisible();
    await taps.click(page.getByRole('button', { name: `Par ${hole.par}`, exact: true }));
    if (index === 0) {
      await expect(atBall).toHaveText("I'm at my ball");
      await expectNoAxeViolations(page, '/scanner on the tee, before any position');
    }
    for (const [shotIndex, planned] of hole.shots.entries()) {
      await standAt(context, planned.at, planned.accuracy);
      if (planned.atBall) {
        await taps.click(atBall);
        await expect(atBall).toHaveText(`Position kept for shot ${shotIndex + 1}`);
        if (shotIndex >= hole.pinAfter) {
          // The pin is known: the length is filled in at once, and stays editable.
          const meters = haversine(planned.at, hole.pin);
          await expect(distance).toHaveValue(String(Math.round(meters * PER_METER.feet)));
          await expect(distance).toBeEditable();
          await expectNoAxeViolations(page, '/scanner with a putt measured from the pin');
        } else if (index === 0) {
          await expect(distance).toHaveValue('');
          await expectNoAxeViolations(page, '/scanner with the position of the tee shot kept');
        }
      }
      await taps.click(result.getByRole('button', { name: RESULT_NAMES[planned.to], exact: true }));
      if ((planned.accuracy ?? 5) > 15) {
        // A 40 m fix is not trusted without the golfer's word.
        const doubt = page.getByTestId('doubtful-fix');
        await expect(doubt).toContainText(`only good to within ${planned.accuracy} m`);
        await expectNoAxeViolations(page, '/scanner asking to confirm a 40 m fix');
        await taps.click(doubt.getByRole('button', { name: 'Use this position' }));
        await expect(doubt).toHaveCount(0);
      }
      // The shot is recorded (its position taken) before the golfer walks on to the next spot.
      if (planned.to !== 'I') await expect(page.getByTestId('next-shot')).toHaveText(new RegExp(`^Shot ${shotIndex + 2}\\b`));
      else if (index + 1 < HOLES.length)
        await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Hole ${index + 2}\\b`) })).toBeVisible();
      else await expect(page.getByText(`Hole ${index + 1} finished in ${hole.shots.length}`)).toBeVisible();
      if (index === 0 && shotIndex === 0) {
        await expect(shotsList).toContainText('Tee distance when the pin is marked → Fairway');
        await expectNoAxeViolations(page, '/scanner with a shot waiting for the pin');
      }
      if (shotIndex + 1 === hole.pinAfter) {
        await standAt(context, hole.pin);
        const holed = planned.to === 'I';
        const pinButton = page.getByRole('button', { name: holed ? `Mark the pin of hole ${index + 1}` : "I'm at the pin" });
        await expect(pinButton).toBeVisible();
        if (!axeChecked) {
          await expectNoAxeViolations(page, '/scanner offering the pin');
          axeChecked = true;
        }
        await taps.click(pinButton);
        await expect(pinButton).toHaveCount(0);
        if (index === 0) {
          const teeYards = Math.round(haversine(hole.shots[0]!.at, hole.pin) * PER_METER.yards);
          await expect(shotsList).toContainText(`Tee ${teeYards} yd → Fairway`);
          await expectNoAxeViolations(page, '/scanner with the hole measured from the pin');
        }
      }
    }
    perHole.push(taps.count / hole.shots.length);
    totalTaps += taps.count;
    console.log(
      `GPS hole ${index + 1}: ${taps.count} taps for ${hole.shots.length} shots = ${(taps.count / hole.shots.length).toFixed(2)} a shot`,
    );
    expect(taps.count / hole.shots.length).toBeLessThanOrEqual(2.0);
  }
  const shots = HOLES.reduce((total, hole) => total + hole.shots.length, 0);
  console.log(`GPS round: ${perHole.map((n) => n.toFixed(2)).join(', ')} taps a shot on holes 1-${HOLES.length} (${shots} shots)`);
  // Nothing was typed in the distance field: every distance came from the positions.
  await expect(page.getByRole('heading', { level: 2, name: /^Hole 18\b/ })).toBeVisible();
  await expect(page.getByTestId('running-score')).toContainText('thru 18');
  console.log(`GPS round: ${totalTaps} taps for ${shots} shots = ${(totalTaps / shots).toFixed(2)} a shot`);
  expect(totalTaps / shots).toBeLessThanOrEqual(2.0);

  // Off by default: keeping the positions is the golfer's choice.
  const keep = page.getByRole('switch', { name: 'Keep shot positions with the round' });
  await expect(keep).not.toBeChecked();
  // A switch is a styled label over a visually hidden input: a thumb taps the label.
  await page
    .locator('label')
    .filter({ hasText: /^Keep shot positions with the round$/ })
    .click();
  await expect(keep).toBeChecked();
  await expectNoAxeViolations(page, '/scanner with positions kept with the round');
  await page.getByRole('button', { name: 'Save round' }).click();
  await expect(page).toHaveURL(/\/event\?event_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Round at ${course}` })).toBeVisible();

  const eventId = Number(new URL(page.url()).searchParams.get('event_id'));
  const answer = (await apiGet(page, `/v4/events?event_id=${eventId}`)) as {
    events: { round: { units: string; holes: { hole: number; par: number; pin?: { lat: number; lon: number }; shots: SavedShot[] }[] } }[];
  };
  const round = answer.events[0]!.round;
  const pair = PAIRS[round.units]!;
  expect(round.holes.map((hole) => hole.hole)).toEqual(HOLES.map((_, index) => index + 1));
  for (const [index, hole] of HOLES.entries()) {
    const saved = round.holes[index]!;
    expect(saved.par).toBe(hole.par);
    expect(saved.shots.map((shot) => shot.to)).toEqual(hole.shots.map((shot) => shot.to));
    const pin = toLatLon(hole.pin);
    expect(saved.pin!.lat).toBeCloseTo(pin.latitude, 6);
    expect(saved.pin!.lon).toBeCloseTo(pin.longitude, 6);
    for (const [shotIndex, planned] of hole.shots.entries()) {
      const shot = saved.shots[shotIndex]!;
      const unit = shot.from === 'G' ? pair.putt : pair.long;
      const expected = haversine(planned.at, hole.pin) * PER_METER[unit];
      const step = shot.from === 'G' && unit !== 'feet' ? 0.1 : 1;
      // Rounded to what the golfer would type (half a step at most), so within 1 yd.
      expect(Math.abs(shot.dist - expected), `hole ${index + 1} shot ${shotIndex + 1}`).toBeLessThanOrEqual(step / 2 + 1e-9);
      expect(Math.abs(shot.dist - expected) / PER_METER[unit]).toBeLessThanOrEqual(1 / PER_METER.yards);
      const at = toLatLon(planned.at);
      expect(shot.lat).toBeCloseTo(at.latitude, 6);
      expect(shot.lon).toBeCloseTo(at.longitude, 6);
    }
  }

  // The event page draws each hole's shots as a path, with the same shots in a table beside it.
  await expect(page.getByRole('heading', { level: 2, name: 'Shot paths' })).toBeVisible();
  await expect(page.getByTestId('shot-path-1')).toBeVisible();
  await expect(page.getByTestId('shot-path-3')).toBeVisible();
  const firstTable = page.getByRole('table', { name: 'Hole 1 shots' });
  await expect(firstTable.getByRole('row')).toHaveCount(1 + HOLES[0]!.shots.length);
  await expectNoAxeViolations(page, '/event with the shot paths');
});

test('a round entered on GPS leaves the phone with its distances only, unless the golfer keeps the positions', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['geolocation'], { origin: baseURL });
  await page.setViewportSize(MOBILE_VIEWPORT);
  await logIn(page, DEMO_ACCOUNTS.player);
  await page.goto('/scanner');
  const course = `GPS Private ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Course' }).fill(course);
  await page.getByRole('button', { name: 'Par 3', exact: true }).click();
  await standAt(context, [0, 0]);
  await page.getByRole('button', { name: "I'm at my ball" }).click();
  await page.getByRole('group', { name: 'Result' }).getByRole('button', { name: 'Green', exact: true }).click();
  // Typing stays possible everywhere: the putt's length is typed, with the round on GPS.
  await page.getByRole('textbox', { name: 'Distance', exact: true }).fill('12');
  await page.getByRole('group', { name: 'Result' }).getByRole('button', { name: 'Holed', exact: true }).click();
  // Saving before the pin is marked names what is missing.
  await page.getByRole('button', { name: 'Save round' }).click();
  await expect(page.getByText(/^Mark the pin of hole 1, or type its distances/)).toBeVisible();
  await standAt(context, [0, 150]);
  await page.getByRole('button', { name: 'Mark the pin of hole 1' }).click();
  await expect(page.getByRole('switch', { name: 'Keep shot positions with the round' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Save round' }).click();
  await expect(page).toHaveURL(/\/event\?event_id=\d+$/);
  const eventId = Number(new URL(page.url()).searchParams.get('event_id'));
  const answer = (await apiGet(page, `/v4/events?event_id=${eventId}`)) as {
    events: { round: { units: string; holes: { pin?: unknown; shots: SavedShot[] }[] } }[];
  };
  const hole = answer.events[0]!.round.holes[0]!;
  const long = PAIRS[answer.events[0]!.round.units]!.long;
  expect(hole.shots[0]!.dist).toBe(Math.round(haversine([0, 0], [0, 150]) * PER_METER[long]));
  expect(hole.shots[1]!.dist).toBe(12);
  expect(hole.pin).toBeUndefined();
  for (const shot of hole.shots) expect(Object.keys(shot).sort()).toEqual(['dist', 'from', 'to']);
  await expect(page.getByRole('heading', { level: 2, name: 'Shot paths' })).toHaveCount(0);
});
