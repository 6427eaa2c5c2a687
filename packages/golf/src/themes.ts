/**
 * The five themes. The primary colours are fixed product colours; the secondary colours are ours:
 * a darker shade of the primary for headers and accents, chosen for contrast on white.
 */
export interface Theme {
  name: string;
  primary: string;
  secondary: string;
}

export const THEMES: readonly Theme[] = [
  { name: 'blue', primary: '#447ec9', secondary: '#2b5a94' },
  { name: 'red', primary: '#a32525', secondary: '#6e1818' },
  { name: 'green', primary: '#2c8b23', secondary: '#1d5e17' },
  { name: 'orange', primary: '#eb7f27', secondary: '#b35a12' },
  { name: 'purple', primary: '#8327eb', secondary: '#5a16a8' },
];
export const DEFAULT_THEME_INDEX = 0;

/** The theme at an index, falling back to the default for an index out of range. */
export function themeAt(index: number): Theme {
  return THEMES[index] ?? THEMES[DEFAULT_THEME_INDEX]!;
}
