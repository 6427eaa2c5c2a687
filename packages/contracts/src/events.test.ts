import { describe, expect, it } from 'vitest';
import { eventBody, round } from './events.ts';

const HOLE = {
  hole: 1,
  par: 3,
  shots: [
    { from: 'T', dist: 160, to: 'G', lat: 56.34, lon: -2.8 },
    { from: 'G', dist: 4, to: 'I', lat: 56.3414, lon: -2.8001 },
  ],
  pin: { lat: 56.3414, lon: -2.80012 },
};

describe('shot positions in a round', () => {
  it('takes the start position of each shot and the pin of the hole, and answers them back', () => {
    const parsed = round.parse({ units: 'FEET_YARDS', holes: [HOLE] });
    expect(parsed.holes[0]).toEqual(HOLE);
    const body = eventBody.parse({ event_type: 'ROUND', start: '2026-11-25T08:00:00Z', round: { units: 'FEET_YARDS', holes: [HOLE] } });
    expect(body.round?.holes[0]?.pin).toEqual(HOLE.pin);
  });

  it('leaves them out when the golfer does not keep them', () => {
    const parsed = round.parse({ units: 'FEET_YARDS', holes: [{ hole: 1, par: 3, shots: [{ from: 'T', dist: 160, to: 'I' }] }] });
    expect(parsed.holes[0]).toEqual({ hole: 1, par: 3, shots: [{ from: 'T', dist: 160, to: 'I' }] });
  });

  const refused: Array<[string, unknown, string]> = [
    ['a latitude without its longitude', { ...HOLE, shots: [{ from: 'T', dist: 160, to: 'I', lat: 56.34 }] }, 'shots.0.lon'],
    ['a latitude past the pole', { ...HOLE, shots: [{ from: 'T', dist: 160, to: 'I', lat: 91, lon: 0 }] }, 'shots.0.lat'],
    ['a longitude past 180°', { ...HOLE, shots: [{ from: 'T', dist: 160, to: 'I', lat: 0, lon: -181 }] }, 'shots.0.lon'],
    ['a pin without its longitude', { ...HOLE, pin: { lat: 56.34 } }, 'pin.lon'],
    ['a pin with a height', { ...HOLE, pin: { lat: 56.34, lon: -2.8, alt: 12 } }, 'pin'],
  ];
  it.each(refused)('refuses %s, naming it', (_what, hole, path) => {
    const result = round.safeParse({ units: 'FEET_YARDS', holes: [hole] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.slice(2).join('.'))).toContain(path);
  });
});
