import PDFDocument from 'pdfkit';
import { FALLBACK_ORDER, splitByScript, type FontScript, type FontWeight, type FoundFonts } from './report-fonts.ts';

/**
 * What the typesetter touches of pdfkit's embedded font (its EmbeddedFont, not in pdfkit's types):
 * the shaped words it caches, its encoder, and fontkit's subset of the glyphs used.
 */
interface EmbeddedFont {
  layoutCache?: Record<string, unknown>;
  encode?: (text: string) => unknown;
  subset?: { glyphs: number[]; encode: () => Uint8Array };
}

/**
 * Latin text a report is written in. Each Latin font is given these glyphs first, in this order, so
 * the subsets of two reports hold the same glyphs in the same order (and are shared) unless a name
 * needs one more; it makes a report a few KB larger.
 */
const COMMON_LATIN = ` !"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_\`abcdefghijklmnopqrstuvwxyz{|}~–—‘’“”•…×−`;

/** Encoded subsets kept, across fonts (a Latin subset is about 20 KB). */
const SUBSETS_KEPT = 64;

/** What a report needs of a fontkit font (pdfkit's embedded fonts carry one). */
interface GlyphSource {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

const fontKey = (script: FontScript, weight: FontWeight) => `${script}-${weight}`;

/** Shaped words kept per font (a few KB each), and runs' chosen fonts, before that cache starts afresh. */
const WORDS_PER_CACHE = 4_000;
/** How often (in reports) the caches' sizes are checked. */
const CHECK_EVERY_REPORTS = 20;

/**
 * The fonts found at start, shared by every report of the process: each file is parsed by fontkit
 * the first time a report uses it, and that parsed font is handed to later reports (pdfkit takes a
 * fontkit font as a source), so a collection of 20 MB is read once, not per report.
 */
export class FontBook {
  private readonly parsed = new Map<string, GlyphSource>();
  /**
   * pdfkit's shaped words, by font: pdfkit keeps them per document and shapes every word again in
   * the next one, most of the time a report takes. A word shaped in a font is the same in every
   * document (positions scaled by the font's units per em only), so one cache per font serves all
   * reports. A cache past WORDS_PER_CACHE words starts afresh, so names and figures seen once do not pile up.
   */
  private readonly layoutCaches = new Map<string, Record<string, unknown>>();
  /** The font chosen for a run of text (its script, weight and glyphs), remembered like the shaped words. */
  private chosen = new Map<string, string>();
  private reports = 0;

  constructor(readonly found: FoundFonts) {
    this.hasFonts = Object.values(found).some((weights) => weights && Object.keys(weights).length > 0);
  }

  /** The shared cache of shaped words of a font key. */
  layoutCacheFor(key: string): Record<string, unknown> {
    let cache = this.layoutCaches.get(key);
    if (!cache) this.layoutCaches.set(key, (cache = Object.create(null) as Record<string, unknown>));
    return cache;
  }

  /** The font key remembered for a run, or the one `choose` picks (then remembered). */
  remembered(run: string, choose: () => string): string {
    let key = this.chosen.get(run);
    if (key === undefined) this.chosen.set(run, (key = choose()));
    return key;
  }

  /** Encoded font subsets by font key and glyphs, most recently used last. */
  private readonly subsets = new Map<string, Uint8Array>();

  /**
   * Makes a document's font share its encoded subset with earlier reports. Encoding a subset (fontkit
   * reads every glyph used and writes the font's tables) is a large part of a report's time, and
   * most reports use the same glyphs: a Latin font is first given COMMON_LATIN, so its glyphs come in
   * the same order, and the encoded bytes are kept under the font key and the glyph list, which
   * names exactly what the bytes hold.
   */
  shareSubset(key: string, font: EmbeddedFont): void {
    const subset = font.subset;
    if (!subset) return;
    if (key.startsWith('latin-') && font.encode) font.encode(COMMON_LATIN);
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const glyphsKey = `${key}:${subset.glyphs.join(',')}`;
      let bytes = this.subsets.get(glyphsKey);
      if (bytes) {
        this.subsets.delete(glyphsKey);
      } else {
        bytes = encode();
        while (this.subsets.size >= SUBSETS_KEPT) this.subsets.delete(this.subsets.keys().next().value!);
      }
      this.subsets.set(glyphsKey, bytes);
      return bytes;
    };
  }

  /** True when at least one font file was found; otherwise reports use the built-in Helvetica. */
  readonly hasFonts: boolean;

  has(script: FontScript, weight: FontWeight): boolean {
    return this.found[script]?.[weight] !== undefined;
  }

  /** Registers every font found under its key in a new document (nothing is read until it is used). */
  register(doc: PDFKit.PDFDocument): void {
    this.reports += 1;
    if (this.reports % CHECK_EVERY_REPORTS === 0) {
      for (const [key, cache] of this.layoutCaches) if (Object.keys(cache).length > WORDS_PER_CACHE) this.layoutCaches.delete(key);
      if (this.chosen.size > WORDS_PER_CACHE) this.chosen = new Map();
    }
    for (const [script, weights] of Object.entries(this.found) as Array<[FontScript, FoundFonts[FontScript]]>) {
      for (const [weight, file] of Object.entries(weights ?? {}) as Array<[FontWeight, { path: string; face?: string }]>) {
        const key = fontKey(script, weight);
        const parsed = this.parsed.get(key);
        // pdfkit takes a fontkit font as it takes a file; its types list only files and buffers.
        if (parsed) doc.registerFont(key, parsed as unknown as Buffer);
        else doc.registerFont(key, file.path, file.face ?? '');
      }
    }
  }

  /** The fontkit font behind a key, once a document has opened it (pdfkit's font object carries it as `font`). */
  glyphsOf(doc: PDFKit.PDFDocument, key: string): GlyphSource | null {
    const known = this.parsed.get(key);
    if (known) return known;
    doc.font(key);
    const current = (doc as unknown as { _font?: { font?: Partial<GlyphSource> } })._font?.font;
    if (typeof current?.hasGlyphForCodePoint !== 'function') return null;
    this.parsed.set(key, current as GlyphSource);
    return current as GlyphSource;
  }
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
  lineGap?: number;
}

/** Code points that need no glyph of their own check (a space is drawn by any font). */
const isBlank = (cp: number) => cp === 0x20 || cp === 0xa0 || cp === 0x202f;

/**
 * Writes text in a pdfkit document, each run of one script in a font that has all its glyphs: the
 * script's own font, else Noto Sans, else DejaVu Sans, else any other found; pdfkit's Helvetica when
 * no font file was found. The text stays text (selectable, searchable).
 */
export class Typesetter {
  /** The fonts of this document whose subset is already shared. */
  private readonly prepared = new WeakSet<object>();

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly book: FontBook,
  ) {}

  /** The key of the font for one run of text (remembered across reports by the font book). */
  private fontFor(text: string, script: FontScript, weight: FontWeight): string {
    if (!this.book.hasFonts) return weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica';
    return this.book.remembered(`${script}\u0000${weight}\u0000${text}`, () => this.chooseFont(text, script, weight));
  }

  private chooseFont(text: string, script: FontScript, weight: FontWeight): string {
    const candidates = [script, ...FALLBACK_ORDER.filter((s) => s !== script)].filter((s) => this.book.has(s, weight));
    const codePoints = [...text].map((c) => c.codePointAt(0)!).filter((cp) => !isBlank(cp));
    for (const candidate of candidates) {
      const key = fontKey(candidate, weight);
      const glyphs = this.book.glyphsOf(this.doc, key);
      if (glyphs && codePoints.every((cp) => glyphs.hasGlyphForCodePoint(cp))) return key;
    }
    // No font has them all: the run's own font shows what it can; a missing weight falls back to the regular one.
    const first = candidates[0];
    if (first) return fontKey(first, weight);
    return weight === 'bold' ? this.chooseFont(text, script, 'regular') : 'Helvetica';
  }

  /**
   * Selects a font in the document, its shaped words shared with every report (FontBook.layoutCacheFor)
   * and, the first time the document uses it, its subset shared too (FontBook.shareSubset).
   */
  private setFont(key: string): PDFKit.PDFDocument {
    this.doc.font(key);
    const font = (this.doc as unknown as { _font?: EmbeddedFont })._font;
    if (font?.layoutCache) font.layoutCache = this.book.layoutCacheFor(key);
    if (font?.subset && !this.prepared.has(font)) {
      this.prepared.add(font);
      this.book.shareSubset(key, font);
    }
    return this.doc;
  }

  /** Sets the font for `text` (its first run) and the size: for measuring. */
  use(text: string, style: TextStyle): this {
    const [run] = splitByScript(text);
    this.setFont(this.fontFor(run?.text ?? text, run?.script ?? 'latin', style.bold ? 'bold' : 'regular')).fontSize(style.size);
    return this;
  }

  widthOf(text: string, style: TextStyle): number {
    return splitByScript(text).reduce((sum, run) => {
      this.setFont(this.fontFor(run.text, run.script, style.bold ? 'bold' : 'regular')).fontSize(style.size);
      return sum + this.doc.widthOfString(run.text);
    }, 0);
  }

  heightOf(text: string, style: TextStyle): number {
    this.use(text, style);
    const runs = splitByScript(text);
    if (runs.length <= 1 && this.fitsOneLine(text, style, runs[0]?.script)) return this.doc.currentLineHeight(true) + (style.lineGap ?? 0);
    return this.doc.heightOfString(text, { ...(style.width ? { width: style.width } : {}), lineGap: style.lineGap ?? 0 });
  }

  /**
   * True when `text` (one script, no line break, its font and size already set) fits its width on one
   * line. Such text is placed by its measured width rather than through pdfkit's line wrapper, which
   * breaks every string into words and measures each again: most of a report's time, for text that
   * never wraps (table cells, figures, labels). The output is the same: one line, at the same place.
   */
  private fitsOneLine(text: string, style: TextStyle, script?: FontScript): boolean {
    // Right-to-left runs keep pdfkit's wrapper, which lays them out with their shaping features.
    if (script === 'arabic' || script === 'hebrew') return false;
    return style.width !== undefined && !text.includes('\n') && this.doc.widthOfString(text) <= style.width;
  }

  /** The y under text just written: pdfkit moves down only when it wraps (a width given); one line otherwise. */
  private below(y: number): number {
    return Math.max(this.doc.y, y + this.doc.currentLineHeight(true));
  }

  /**
   * Draws one run. Arabic and Hebrew are shaped without its ligatures (liga, rlig): pdfkit writes a ligature as
   * one glyph standing for several letters, which text extraction puts back in the wrong order; the
   * letters still join in their contextual forms.
   */
  private drawRun(run: { text: string; script: FontScript } | undefined, draw: (extra: object) => void): void {
    draw(run?.script === 'arabic' || run?.script === 'hebrew' ? { features: { liga: false, rlig: false } } : {});
  }

  /** Writes `text` at (x, y); returns the y below it. */
  write(text: string, x: number, y: number, style: TextStyle): number {
    const { doc } = this;
    const runs = splitByScript(text);
    const weight: FontWeight = style.bold ? 'bold' : 'regular';
    doc.fillColor(style.color ?? '#1a1a1a');
    const options = { ...(style.width ? { width: style.width } : { lineBreak: false }), lineGap: style.lineGap ?? 0 };
    if (runs.length <= 1) {
      this.setFont(this.fontFor(text, runs[0]?.script ?? 'latin', weight)).fontSize(style.size);
      if (this.fitsOneLine(text, style, runs[0]?.script)) {
        // Aligned by hand as pdfkit aligns a line within its width; the y below is one line and its gap, as after a wrapped line.
        const spare = style.width! - doc.widthOfString(text);
        const left = style.align === 'right' ? x + spare : style.align === 'center' ? x + spare / 2 : x;
        this.drawRun(runs[0], (extra) => doc.text(text, left, y, { lineBreak: false, ...extra }));
        return Math.max(doc.y, y + doc.currentLineHeight(true) + (style.lineGap ?? 0));
      }
      this.drawRun(runs[0], (extra) => doc.text(text, x, y, { ...options, ...extra, align: style.align ?? 'left' }));
      return this.below(y);
    }
    // Several scripts: one run after the other on the same line (pdfkit's `continued`), left-aligned.
    runs.forEach((run, i) => {
      this.setFont(this.fontFor(run.text, run.script, weight)).fontSize(style.size);
      const continued = i < runs.length - 1;
      this.drawRun(run, (extra) =>
        i === 0 ? doc.text(run.text, x, y, { ...options, ...extra, continued }) : doc.text(run.text, { ...options, ...extra, continued }),
      );
    });
    return this.below(y);
  }
}

/** A new document laid out on the paper, with pages kept so the footers can number them at the end. */
export function newDocument(paper: 'a4' | 'letter', margin: number, info: { title: string; author: string }): PDFKit.PDFDocument {
  return new PDFDocument({
    size: paper === 'letter' ? 'LETTER' : 'A4',
    margin,
    bufferPages: true,
    autoFirstPage: true,
    info: { Title: info.title, Author: info.author, Creator: 'Holeout', Producer: 'Holeout' },
    // No default font: pdfkit would parse Helvetica's metrics for every document; the typesetter sets a font before any text.
    font: null as unknown as string,
    lang: 'en',
    displayTitle: true,
  });
}
