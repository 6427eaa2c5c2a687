import { THEMES } from '@holeout/golf';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  buildCssVariablesResolver,
  buildMantineTheme,
  contrastRatio,
  DARK_TEXT,
  DIMMED_TEXT,
  MIN_TEXT_CONTRAST,
  paletteFromHex,
  PRIMARY_SHADE,
  textColourOn,
  themeTextColours,
  WHITE,
} from './theme.ts';

describe('theme palette', () => {
  it('puts the exact primary at the filled shade, lighter before and darker after', () => {
    const palette = paletteFromHex('#a32525');
    expect(palette).toHaveLength(10);
    expect(palette[PRIMARY_SHADE]).toBe('#a32525');
    const lightness = (hex: string) => [1, 3, 5].reduce((sum, i) => sum + parseInt(hex.slice(i, i + 2), 16), 0);
    for (let i = 1; i < palette.length; i += 1) expect(lightness(palette[i - 1]!)).toBeGreaterThan(lightness(palette[i]!));
  });

  it('builds a Mantine theme on each app theme primary', () => {
    THEMES.forEach((theme, index) => {
      const mantine = buildMantineTheme(index);
      expect(mantine.primaryColor).toBe('brand');
      expect(mantine.colors?.brand?.[PRIMARY_SHADE]).toBe(theme.primary);
    });
  });

  it('falls back to the default theme for an unknown index', () => {
    expect(buildMantineTheme(99).colors?.brand?.[PRIMARY_SHADE]).toBe('#447ec9');
  });

  it('rejects something that is not a colour', () => {
    expect(() => paletteFromHex('blue')).toThrow('Not a hex colour');
  });
});

describe('password fields', () => {
  it('give the visibility toggle a name that does not say password', () => {
    const props = buildMantineTheme(0).components?.PasswordInput?.defaultProps as {
      visibilityToggleButtonProps?: { 'aria-label'?: string };
    };
    expect(props.visibilityToggleButtonProps?.['aria-label']).toBe('Show or hide what you typed');
  });
});

describe('contrast (WCAG 2.2 AA, 4.5:1 for text)', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio(WHITE, DARK_TEXT)).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', WHITE)).toBeCloseTo(3.32, 2);
    expect(contrastRatio(WHITE, '#447ec9')).toBeCloseTo(4.14, 2);
    expect(contrastRatio(WHITE, '#eb7f27')).toBeCloseTo(2.76, 2);
  });

  it.each(THEMES.map((theme, index) => [theme.name, index] as const))('%s: text on the filled primary reaches 4.5:1', (_name, index) => {
    const { primary, onPrimary } = themeTextColours(index);
    expect(primary).toBe(THEMES[index]!.primary);
    expect(contrastRatio(onPrimary, primary)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const resolved = buildCssVariablesResolver(index)(buildMantineTheme(index) as never).light;
    expect(resolved['--mantine-primary-color-contrast']).toBe(onPrimary);
  });

  it.each(THEMES.map((theme, index) => [theme.name, index] as const))(
    '%s: the primary as text (links, outlines, light buttons) reaches 4.5:1',
    (_name, index) => {
      const palette = paletteFromHex(THEMES[index]!.primary);
      const { textShade } = themeTextColours(index);
      const text = palette[textShade]!;
      for (const background of [WHITE, palette[1]!, palette[2]!])
        expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      // Mantine's light variant (buttons, badges, the active menu entry): shade 9 on shade 1 or 2.
      for (const background of [palette[1]!, palette[2]!])
        expect(contrastRatio(palette[9]!, background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      const light = buildCssVariablesResolver(index)(buildMantineTheme(index) as never).light;
      expect(light['--mantine-color-anchor']).toBe(`var(--mantine-color-brand-${textShade})`);
    },
  );

  it('picks dark text on the light primaries (blue, green, orange) and white on the dark ones', () => {
    expect(THEMES.map((theme) => textColourOn(theme.primary))).toEqual(
      THEMES.map((theme) => (['blue', 'green', 'orange'].includes(theme.name) ? DARK_TEXT : WHITE)),
    );
  });

  it('a filled button keeps 4.5:1 between its text and its fill, and its hover colour, on every theme', () => {
    for (let index = 0; index < THEMES.length; index += 1) {
      const theme = buildMantineTheme(index);
      const resolve = theme.variantColorResolver!;
      const full = mergeMantineTheme(DEFAULT_THEME, theme);
      const colours = resolve({ color: 'brand', theme: full, variant: 'filled' });
      const fill = THEMES[index]!.primary;
      expect(contrastRatio(colours.color, fill)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(colours.hover).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrastRatio(colours.color, colours.hover)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      // A button with no colour of its own hovers on the CSS variable: the same readable shade.
      const variables = buildCssVariablesResolver(index)(full).light;
      expect(variables['--mantine-primary-color-filled-hover']).toBe(colours.hover);
    }
  });

  it('dimmed text reaches 4.5:1 on white and on the light greys', () => {
    for (const background of [WHITE, '#f8f9fa', '#f1f3f5'])
      expect(contrastRatio(DIMMED_TEXT, background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(buildCssVariablesResolver(0)(buildMantineTheme(0) as never).light['--mantine-color-dimmed']).toBe(DIMMED_TEXT);
  });
});

describe('links', () => {
  it('are underlined, not told apart by colour alone', () => {
    expect((buildMantineTheme(0).components?.Anchor?.defaultProps as { underline?: string }).underline).toBe('always');
  });
});

describe('close buttons', () => {
  it('have a name in modals and notifications', () => {
    const components = buildMantineTheme(0).components;
    expect((components?.Modal?.defaultProps as { closeButtonProps?: { 'aria-label'?: string } }).closeButtonProps?.['aria-label']).toBe(
      'Close',
    );
    expect(
      (components?.Notification?.defaultProps as { closeButtonProps?: { 'aria-label'?: string } }).closeButtonProps?.['aria-label'],
    ).toBe('Close notification');
  });
});
