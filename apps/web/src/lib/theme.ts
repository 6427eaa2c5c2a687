import {
  Anchor,
  createTheme,
  defaultVariantColorsResolver,
  Modal,
  Notification,
  parseThemeColor,
  PasswordInput,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import { themeAt } from '@holeout/golf';

/** Index of the exact theme colour in the generated palette; Mantine's filled colour uses it. */
export const PRIMARY_SHADE = 6;

/** WCAG 2.2 AA (1.4.3): normal-size text needs 4.5:1 against what is behind it. */
export const MIN_TEXT_CONTRAST = 4.5;

export const WHITE = '#ffffff';
/** Text on light filled surfaces. Pure black: the blue primary only reaches 4.5:1 with it. */
export const DARK_TEXT = '#000000';
/**
 * Secondary ("dimmed") text. Mantine's default (gray 6, #868e96) is 3.3:1 on white; this grey
 * keeps the quieter look at 5.7:1, also on the light grey backgrounds (gray 0 and 1).
 */
export const DIMMED_TEXT = '#5c636a';
/** Error text and destructive buttons: Mantine's red 9, 5.5:1 on white (red 6 is 3.3:1). */
export const DANGER = 'red.9';
/** A SegmentedControl's options at least 44 px tall, a thumb's target (WCAG 2.5.5), their text centred. */
export const TOUCH_SEGMENTS = { label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } } as const;
const DANGER_HEX = '#c92a2a';

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
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
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

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour for a filled surface: white where it reaches 4.5:1, else black (light primaries). */
export function textColourOn(fill: string): string {
  return contrastRatio(WHITE, fill) >= MIN_TEXT_CONTRAST ? WHITE : DARK_TEXT;
}

/**
 * The lightest shade, from the primary down, that reads as text on white and on the light tint
 * Mantine puts behind "light" buttons and badges (shade 1, shade 2 on hover).
 */
export function readableShadeIndex(palette: MantineColorsTuple): number {
  for (let index = PRIMARY_SHADE; index < palette.length; index += 1) {
    const shade = palette[index]!;
    if ([WHITE, palette[1], palette[2]].every((background) => contrastRatio(shade, background) >= MIN_TEXT_CONTRAST)) return index;
  }
  return palette.length - 1;
}

/** The colours one app theme uses for text on and around its primary. */
export interface ThemeTextColours {
  primary: string;
  /** Text on a filled primary surface (buttons). */
  onPrimary: string;
  /** Palette index of the primary when used as text (links, outline buttons, the brand title). */
  textShade: number;
}

export function themeTextColours(themeIndex: number): ThemeTextColours {
  const { primary } = themeAt(themeIndex);
  return { primary, onPrimary: textColourOn(primary), textShade: readableShadeIndex(paletteFromHex(primary)) };
}

/**
 * Filled surfaces take the readable text colour of their own fill, whatever the theme, and a hover
 * colour that text still reads on (4.5:1): the next darker shade, as Mantine does, unless the text is
 * dark and the darker shade fails with it; then the next lighter shade, else no change on hover.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colours = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled') return colours;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!/^#[0-9a-f]{6}$/i.test(parsed.value)) return colours;
  const text = textColourOn(parsed.value);
  const palette = parsed.isThemeColor && parsed.color ? input.theme.colors[parsed.color] : undefined;
  // A colour named without a shade ('brand') is drawn at the filled shade.
  const shade = parsed.shade ?? PRIMARY_SHADE;
  if (!palette || palette[shade]?.toLowerCase() !== parsed.value.toLowerCase()) return { ...colours, color: text };
  return { ...colours, color: text, hover: readableHover(palette, shade) };
};

/** The hover colour of a filled surface of palette[shade] whose text still reads on it (see variantColorResolver). */
export function readableHover(palette: readonly string[], shade: number): string {
  const fill = palette[shade]!;
  const text = textColourOn(fill);
  const candidates = [shade + 1, shade - 1].filter((i) => i >= 0 && i < palette.length).map((i) => palette[i]!);
  return candidates.find((c) => /^#[0-9a-f]{6}$/i.test(c) && contrastRatio(text, c) >= MIN_TEXT_CONTRAST) ?? fill;
}

/** Mantine's CSS variables, with the text colours moved to shades that reach 4.5:1 (WCAG 2.2 AA). */
export function buildCssVariablesResolver(themeIndex: number): CSSVariablesResolver {
  const { onPrimary, textShade } = themeTextColours(themeIndex);
  const brandText = `var(--mantine-color-brand-${textShade})`;
  // Buttons without a colour of their own hover on this variable, not on the variant resolver's colours.
  const filledHover = readableHover(paletteFromHex(themeAt(themeIndex).primary), PRIMARY_SHADE);
  return () => ({
    variables: {},
    light: {
      '--mantine-primary-color-contrast': onPrimary,
      '--mantine-primary-color-filled-hover': filledHover,
      '--mantine-color-brand-text': brandText,
      '--mantine-color-brand-outline': brandText,
      '--mantine-color-anchor': brandText,
      '--mantine-color-dimmed': DIMMED_TEXT,
      '--mantine-color-error': DANGER_HEX,
      '--mantine-color-red-text': DANGER_HEX,
      '--mantine-color-red-outline': DANGER_HEX,
    },
    dark: {},
  });
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
    // Transitions (menu, dialogs, toasts) follow the system's "reduce motion" setting.
    respectReducedMotion: true,
    variantColorResolver,
    components: {
      // Mantine names the eye button "Toggle password visibility"; a field labelled Password
      // must be the only control whose name says password.
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide what you typed' } },
      }),
      // Links are told apart from the text around them by more than colour (WCAG 1.4.1).
      Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
      // Mantine's close buttons are an icon only: give them a name.
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
      Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
      // Table text wraps between words only: the page lets long words break anywhere (for long
      // e-mails), which in a narrow column splits a header ("Ran k", "Attem pts"). A table wider
      // than its box scrolls instead. A plain object, not Table.extend: that would put the Table
      // component in the first page's JavaScript, which has no table.
      Table: { styles: { table: { overflowWrap: 'normal', wordBreak: 'normal', hyphens: 'manual' } } },
    },
  });
}
