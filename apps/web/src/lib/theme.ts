import { createTheme, PasswordInput, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { themeAt } from '@holeout/golf';

/** Index of the exact theme colour in the generated palette; Mantine's filled colour uses it. */
export const PRIMARY_SHADE = 6;

// How far each lighter shade moves towards white, and each darker one towards black.
const TINTS = [0.92, 0.8, 0.64, 0.48, 0.32, 0.16];
const SHADES = [0.16, 0.32, 0.46];

function parseHex(hex: string): [number, number, number] {
  const clean = hex.replace('#', '');
  const full = clean.length === 3 ? [...clean].map((c) => c + c).join('') : clean;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`Not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

function mix(rgb: readonly number[], target: number, amount: number): string {
  return toHex(rgb.map((c) => c + (target - c) * amount));
}

/**
 * Ten shades of one colour, lightest first, with the colour itself at PRIMARY_SHADE so that
 * buttons show exactly the theme's primary.
 */
export function paletteFromHex(hex: string): MantineColorsTuple {
  const rgb = parseHex(hex);
  const shades = [...TINTS.map((t) => mix(rgb, 255, t)), toHex(rgb), ...SHADES.map((s) => mix(rgb, 0, s))];
  return shades as unknown as MantineColorsTuple;
}

/** The Mantine theme for one of the five app themes (by index; out of range falls back to blue). */
export function buildMantineTheme(themeIndex: number): MantineThemeOverride {
  const theme = themeAt(themeIndex);
  return createTheme({
    primaryColor: 'brand',
    primaryShade: PRIMARY_SHADE as 6,
    colors: { brand: paletteFromHex(theme.primary), brandSecondary: paletteFromHex(theme.secondary) },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    components: {
      // Mantine names the eye button "Toggle password visibility"; a field labelled Password
      // must be the only control whose name says password.
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide what you typed' } },
      }),
    },
  });
}
