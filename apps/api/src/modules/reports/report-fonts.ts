import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The fonts of a report. Each text run is set in a font that has every one of its glyphs, so a
 * name in any script a user can type renders: Noto Sans (Latin, Greek, Cyrillic), Noto Sans
 * Arabic, Hebrew, Devanagari and Thai, Noto Sans CJK (Chinese, Japanese, Korean), and DejaVu Sans
 * for what none of them has. The fonts are embedded as subsets (only the glyphs used), which keeps a
 * report small. Without any font file, pdfkit's built-in Helvetica (Latin only) stands in.
 */

/** A script family of fonts the report can choose per run of text. */
export type FontScript = 'latin' | 'arabic' | 'hebrew' | 'devanagari' | 'thai' | 'cjk' | 'fallback';
export type FontWeight = 'regular' | 'bold';

interface FontFile {
  /** The file name searched for in each font folder. */
  file: string;
  /** The face inside a TrueType collection (.ttc), by its PostScript name. */
  face?: string;
}

const FONT_FILES: Record<FontScript, Record<FontWeight, FontFile>> = {
  latin: { regular: { file: 'NotoSans-Regular.ttf' }, bold: { file: 'NotoSans-Bold.ttf' } },
  arabic: { regular: { file: 'NotoSansArabic-Regular.ttf' }, bold: { file: 'NotoSansArabic-Bold.ttf' } },
  hebrew: { regular: { file: 'NotoSansHebrew-Regular.ttf' }, bold: { file: 'NotoSansHebrew-Bold.ttf' } },
  devanagari: { regular: { file: 'NotoSansDevanagari-Regular.ttf' }, bold: { file: 'NotoSansDevanagari-Bold.ttf' } },
  thai: { regular: { file: 'NotoSansThai-Regular.ttf' }, bold: { file: 'NotoSansThai-Bold.ttf' } },
  // The simplified-Chinese face of the collection covers kana and hangul as well.
  cjk: {
    regular: { file: 'NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
    bold: { file: 'NotoSansCJK-Bold.ttc', face: 'NotoSansCJKsc-Bold' },
  },
  fallback: { regular: { file: 'DejaVuSans.ttf' }, bold: { file: 'DejaVuSans-Bold.ttf' } },
};

/** Where Debian's packages put them (fonts-noto-core, fonts-noto-cjk, fonts-dejavu-core), and a few other distributions' folders. */
export const SYSTEM_FONT_DIRS = [
  '/usr/share/fonts/truetype/noto',
  '/usr/share/fonts/opentype/noto',
  '/usr/share/fonts/truetype/dejavu',
  '/usr/share/fonts/noto',
  '/usr/share/fonts/noto-cjk',
  '/usr/share/fonts/google-noto',
  '/usr/share/fonts/google-noto-cjk',
  '/usr/share/fonts/dejavu',
  '/usr/share/fonts/dejavu-sans-fonts',
];

/** A font found on disk: its path and, in a collection, its face. */
export interface FoundFont {
  path: string;
  face?: string;
}

/** The font files found, by script and weight; a missing one is absent. */
export type FoundFonts = Partial<Record<FontScript, Partial<Record<FontWeight, FoundFont>>>>;

/** Finds each font in the folders given, the first folder that holds the file winning. */
export function findFonts(dirs: readonly string[]): FoundFonts {
  const found: FoundFonts = {};
  for (const [script, weights] of Object.entries(FONT_FILES) as Array<[FontScript, Record<FontWeight, FontFile>]>) {
    for (const [weight, spec] of Object.entries(weights) as Array<[FontWeight, FontFile]>) {
      const dir = dirs.find((d) => existsSync(path.join(d, spec.file)));
      if (!dir) continue;
      (found[script] ??= {})[weight] = { path: path.join(dir, spec.file), ...(spec.face ? { face: spec.face } : {}) };
    }
  }
  return found;
}

/** The folders searched: REPORT_FONTS_DIR first when set, then the system's. */
export function fontDirs(configured: string | undefined): string[] {
  return configured ? [configured, ...SYSTEM_FONT_DIRS] : [...SYSTEM_FONT_DIRS];
}

const inRanges = (cp: number, ranges: ReadonlyArray<readonly [number, number]>) => ranges.some(([lo, hi]) => cp >= lo && cp <= hi);

const ARABIC: ReadonlyArray<readonly [number, number]> = [
  [0x0600, 0x06ff],
  [0x0750, 0x077f],
  [0x0870, 0x08ff],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfeff],
];
const HEBREW: ReadonlyArray<readonly [number, number]> = [
  [0x0590, 0x05ff],
  [0xfb1d, 0xfb4f],
];
const DEVANAGARI: ReadonlyArray<readonly [number, number]> = [
  [0x0900, 0x097f],
  [0xa8e0, 0xa8ff],
];
const THAI: ReadonlyArray<readonly [number, number]> = [[0x0e00, 0x0e7f]];
const CJK: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x11ff],
  [0x2e80, 0x2fdf],
  [0x3000, 0x30ff],
  [0x3100, 0x31ff],
  [0x3200, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa960, 0xa97f],
  [0xac00, 0xd7ff],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef],
  [0x20000, 0x3134f],
];

/** True for text of code points below 0x80 only: every UTF-16 code unit is below 0x80. */
const isAscii = (text: string) => {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
};
const ASCII_LETTER = /[A-Za-z]/;

/** The script a character asks for; null for one every font has (spaces, digits, common punctuation). */
export function scriptOf(cp: number): FontScript | null {
  if (cp < 0x80) return ASCII_LETTER.test(String.fromCodePoint(cp)) ? 'latin' : null;
  if (inRanges(cp, ARABIC)) return 'arabic';
  if (inRanges(cp, HEBREW)) return 'hebrew';
  if (inRanges(cp, DEVANAGARI)) return 'devanagari';
  if (inRanges(cp, THAI)) return 'thai';
  if (inRanges(cp, CJK)) return 'cjk';
  return 'latin';
}

/** A piece of text set in one script's font. */
export interface ScriptRun {
  text: string;
  script: FontScript;
}

/**
 * Splits text into runs of one script each. Spaces, digits and punctuation stay with the run they
 * stand in (with the next run at the start), so a name "李 小龙" is one run, not three.
 */
export function splitByScript(text: string): ScriptRun[] {
  // Most of a report (figures, labels) is ASCII: one Latin run, without looking at each character.
  if (isAscii(text)) return text ? [{ text, script: 'latin' }] : [];
  const runs: ScriptRun[] = [];
  let pending = '';
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0)!);
    const last = runs.at(-1);
    if (script === null) {
      if (last) last.text += char;
      else pending += char;
      continue;
    }
    if (last && last.script === script) last.text += char;
    else {
      runs.push({ text: pending + char, script });
      pending = '';
    }
  }
  if (pending) runs.push({ text: pending, script: 'latin' });
  return runs;
}

/** The fallback order after a run's own script: Noto Sans, then DejaVu Sans, then any other font found. */
export const FALLBACK_ORDER: readonly FontScript[] = ['latin', 'fallback', 'arabic', 'hebrew', 'devanagari', 'thai', 'cjk'];
