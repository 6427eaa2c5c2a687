import { describe, expect, it } from 'vitest';
import { CHART_COLOURS, playerColour, seriesColour } from './chart-colours.ts';

function luminance(hex: string): number {
  const [r, g, b] = hex
    .slice(1)
    .match(/../g)!
    .map((part) => {
      const v = parseInt(part, 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('chart colours', () => {
  it('are 28 distinct colours, each at least 3:1 against white', () => {
    expect(CHART_COLOURS).toHaveLength(28);
    expect(new Set(CHART_COLOURS).size).toBe(28);
    for (const colour of CHART_COLOURS) expect(1.05 / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(3);
  });

  it('give a player the same colour every time, and 28 players 28 colours', () => {
    expect(playerColour(7)).toBe(playerColour(7));
    expect(new Set(Array.from({ length: 28 }, (_, uid) => playerColour(uid + 100))).size).toBe(28);
    expect(playerColour(-1)).toBe(CHART_COLOURS[27]);
    expect(seriesColour(28)).toBe(CHART_COLOURS[0]);
  });
});
