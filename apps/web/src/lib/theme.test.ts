import { THEMES } from '@holeout/golf';
import { describe, expect, it } from 'vitest';
import { buildMantineTheme, paletteFromHex, PRIMARY_SHADE } from './theme.ts';

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
    const props = buildMantineTheme(0).components?.PasswordInput?.defaultProps as { visibilityToggleButtonProps?: { 'aria-label'?: string } };
    expect(props.visibilityToggleButtonProps?.['aria-label']).toBe('Show or hide what you typed');
  });
});
