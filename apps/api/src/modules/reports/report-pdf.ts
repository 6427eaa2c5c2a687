import {
  DEFAULT_CATEGORY_BOUNDARIES,
  DEFAULT_PRODUCT_NAME,
  UNITS_PAIR_LABELS,
  type CategoryBoundaries,
  type UnitsPair,
} from '@holeout/golf';
import type { Diagnosis, PlayerHandicap, ReportPaper, statsResponses } from '@holeout/contracts';
import type { z } from 'zod';
import { reportFormat, SUMMARY_FIGURES, summaryFigureText, type ReportFormat } from './report-format.ts';
import { newDocument, Typesetter, type FontBook, type TextStyle } from './report-typesetter.ts';

type SgPlayer = z.infer<(typeof statsResponses)['sg']>['players'][number];
type RoundSg = z.infer<(typeof statsResponses)['round_sg']>['rounds'][number];
type SummaryPlayer = z.infer<(typeof statsResponses)['summary']>['players'][number];
type MissGrids = z.infer<(typeof statsResponses)['putt_misses']>['players'][number];
type MissGrid = MissGrids['all'];

/** Everything a report shows: the statistics as the API answers them, and who and what it is for. */
export interface ReportContent {
  playerName: string;
  /** The organisation's brand when the player's subscription is branded; its logo as PNG or JPEG bytes when it could be read. */
  brand: { name: string; colour: string | null; logo: Buffer | null } | null;
  generatedAt: Date;
  locale: string;
  paper: ReportPaper;
  units: UnitsPair;
  boundaries: CategoryBoundaries | undefined;
  benchmark: string;
  /** Some rounds were left out by the statistics' limits (15 players, 300 rounds). */
  limited: boolean;
  sg: SgPlayer | null;
  rounds: RoundSg[];
  summary: SummaryPlayer | null;
  puttMisses: MissGrids | null;
  approachMisses: MissGrids | null;
  handicap: PlayerHandicap | null;
  diagnosis: Diagnosis | null;
}

const MARGIN = 44;
const FOOTER_SPACE = 28;
const INK = '#1a1a1a';
const MUTED = '#5f6368';
const RULE = '#d0d4d9';
const GAINED = '#2e7d32';
const LOST = '#c62828';
const PRODUCT_COLOUR = '#1e6b52';
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : INK;
}

/** Builds the report's PDF. */
export async function buildReportPdf(content: ReportContent, fonts: FontBook): Promise<Buffer> {
  const format = reportFormat(content.locale);
  const doc = newDocument(content.paper, MARGIN, {
    title: `Statistics report: ${content.playerName}`,
    author: content.brand?.name ?? DEFAULT_PRODUCT_NAME,
  });
  fonts.register(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new ReportLayout(new Typesetter(doc, fonts), content, format).draw();
  doc.end();
  return done;
}

class ReportLayout {
  private readonly doc: PDFKit.PDFDocument;
  private readonly accent: string;
  private readonly left = MARGIN;
  private readonly width: number;
  private readonly bottom: number;
  private y = MARGIN;

  constructor(
    private readonly t: Typesetter,
    private readonly c: ReportContent,
    private readonly f: ReportFormat,
  ) {
    this.doc = t.doc;
    this.width = this.doc.page.width - 2 * MARGIN;
    this.bottom = this.doc.page.height - MARGIN - FOOTER_SPACE;
    this.accent = c.brand?.colour && HEX_COLOUR.test(c.brand.colour) ? c.brand.colour : PRODUCT_COLOUR;
  }

  draw(): void {
    this.header();
    this.strokesGained();
    this.trend();
    this.summary();
    this.missGrids();
    this.handicap();
    this.diagnosis();
    this.footers();
  }

  private text(value: string, x: number, y: number, style: TextStyle): number {
    return this.t.write(value, x, y, style);
  }

  /** Starts a new page when `height` does not fit below the current position. */
  private room(height: number): void {
    if (this.y + height <= this.bottom) return;
    this.doc.addPage();
    this.y = MARGIN;
  }

  private section(title: string, note?: string): void {
    this.room(60);
    this.y += 10;
    this.doc.rect(this.left, this.y + 2, 3, 14).fill(this.accent);
    this.y = this.text(title, this.left + 9, this.y, { size: 13, bold: true, width: this.width - 9 }) + 2;
    if (note) this.y = this.text(note, this.left, this.y, { size: 8.5, color: MUTED, width: this.width }) + 4;
    this.y += 4;
  }

  private header(): void {
    const { doc, c, f } = this;
    const bandHeight = 46;
    const bandText = textOn(this.accent);
    doc.rect(0, 0, doc.page.width, bandHeight).fill(this.accent);
    let x = this.left;
    if (c.brand?.logo) {
      try {
        doc.image(c.brand.logo, x, 6, { fit: [34, 34] });
        x += 42;
      } catch {
        // An unreadable logo is left out; the name still brands the page.
      }
    }
    this.text(c.brand?.name ?? DEFAULT_PRODUCT_NAME, x, 14, {
      size: 14,
      bold: true,
      color: bandText,
      width: this.width - (x - this.left) - 130,
    });
    this.text('Statistics report', this.left, 17, { size: 10, color: bandText, width: this.width, align: 'right' });
    this.y = bandHeight + 18;
    this.y = this.text(c.playerName, this.left, this.y, { size: 22, bold: true, width: this.width }) + 6;

    const first = c.rounds[0]?.start;
    const last = c.rounds.at(-1)?.start;
    const facts: Array<[string, string]> = [
      ['Period', first && last ? `${f.date(first)} – ${f.date(last)}` : 'No rounds'],
      ['Rounds', f.count(c.sg?.rounds ?? 0)],
      ['Holes', f.count(c.sg?.holes ?? 0)],
      ['Benchmark', c.benchmark],
      ['Units', UNITS_PAIR_LABELS[c.units]],
    ];
    if (c.handicap?.index !== null && c.handicap?.index !== undefined) facts.push(['Handicap index', f.fixed(c.handicap.index, 1)]);
    const columnWidth = this.width / 3;
    facts.forEach(([label, value], i) => {
      const cx = this.left + (i % 3) * columnWidth;
      const cy = this.y + Math.floor(i / 3) * 32;
      this.text(label.toUpperCase(), cx, cy, { size: 7.5, color: MUTED, bold: true });
      this.text(value, cx, cy + 10, { size: 11.5, bold: true, width: columnWidth - 8 });
    });
    this.y += Math.ceil(facts.length / 3) * 32 + 4;
    if (c.limited) {
      this.y =
        this.text('Only the most recent 300 rounds are counted.', this.left, this.y, { size: 8.5, color: MUTED, width: this.width }) + 4;
    }
    doc
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    this.y += 6;
  }

  private strokesGained(): void {
    const { c, f } = this;
    this.section(
      'Strokes gained',
      `Per 18 holes against the ${c.benchmark} benchmark: above zero gains strokes on it, below zero loses them. Each part of the game is the sum of its shots.`,
    );
    const sg = c.sg?.sg;
    if (!sg) {
      this.y = this.text('No rounds counted.', this.left, this.y, { size: 10, color: MUTED }) + 6;
      return;
    }
    const b = c.boundaries ?? DEFAULT_CATEGORY_BOUNDARIES;
    const long = (v: number) => f.distance(v, 'long', c.units);
    const putt = (v: number) => f.distance(v, 'putt', c.units);
    const rows: Array<{ label: string; value: number; main: boolean }> = [
      { label: 'Overall', value: sg.overall, main: true },
      { label: 'Off the tee', value: sg.tee, main: true },
      { label: 'Approach', value: sg.approach.overall, main: true },
      { label: `Short (up to ${long(b.shortApproachMaxYards)})`, value: sg.approach.short, main: false },
      { label: `Mid (up to ${long(b.midApproachMaxYards)})`, value: sg.approach.mid, main: false },
      { label: `Long (over ${long(b.midApproachMaxYards)})`, value: sg.approach.long, main: false },
      { label: 'Short game', value: sg.chip.overall, main: true },
      { label: 'From the fairway', value: sg.chip.fairway, main: false },
      { label: 'From the rough', value: sg.chip.rough, main: false },
      { label: 'From the sand', value: sg.chip.sand, main: false },
      { label: 'Other', value: sg.chip.other, main: false },
      { label: 'Putting', value: sg.putt.overall, main: true },
      { label: `Short (under ${putt(b.shortPuttMaxFeet)})`, value: sg.putt.short, main: false },
      { label: `Mid (up to ${putt(b.midPuttMaxFeet)})`, value: sg.putt.mid, main: false },
      { label: `Long (over ${putt(b.midPuttMaxFeet)})`, value: sg.putt.long, main: false },
    ];
    const rowHeight = 17;
    this.room(rows.length * rowHeight + 10);
    const labelWidth = 160;
    const chartLeft = this.left + labelWidth;
    const chartWidth = this.width - labelWidth;
    const numberSpace = 44;
    const zero = chartLeft + chartWidth / 2;
    const half = chartWidth / 2 - numberSpace;
    const biggest = Math.max(0.5, ...rows.map((r) => Math.abs(r.value)));
    const top = this.y;
    this.doc
      .moveTo(zero, top - 2)
      .lineTo(zero, top + rows.length * rowHeight)
      .lineWidth(0.8)
      .strokeColor(MUTED)
      .stroke();
    rows.forEach((row, i) => {
      const y = top + i * rowHeight;
      if (row.main && i > 0) {
        this.doc
          .moveTo(this.left, y - 1)
          .lineTo(this.left + this.width, y - 1)
          .lineWidth(0.4)
          .strokeColor(RULE)
          .stroke();
      }
      this.text(row.label, this.left + (row.main ? 0 : 12), y + 3, {
        size: row.main ? 9.5 : 8.5,
        bold: row.main,
        color: row.main ? INK : MUTED,
        width: labelWidth - 14,
      });
      const length = (Math.abs(row.value) / biggest) * half;
      const barHeight = row.main ? 10 : 7;
      const barTop = y + (rowHeight - barHeight) / 2;
      const colour = row.value >= 0 ? GAINED : LOST;
      if (length > 0) this.doc.rect(row.value >= 0 ? zero : zero - length, barTop, length, barHeight).fill(colour);
      const label = f.sg(row.value);
      const style: TextStyle = { size: row.main ? 9 : 8, bold: row.main, color: colour };
      const labelWidthPt = this.t.widthOf(label, style);
      const x = row.value >= 0 ? zero + length + 4 : zero - length - 4 - labelWidthPt;
      this.text(label, x, y + 3.5, style);
    });
    this.y = top + rows.length * rowHeight + 8;
  }

  private trend(): void {
    const { c, f, doc } = this;
    this.section('Trend per round', 'Strokes gained per round (per 18 holes: a 9-hole round is doubled so rounds compare), oldest first.');
    if (c.rounds.length === 0) {
      this.y = this.text('No rounds counted.', this.left, this.y, { size: 10, color: MUTED }) + 6;
      return;
    }
    // The chart: overall strokes gained per round, with the zero line.
    const chartHeight = 120;
    this.room(chartHeight + 30);
    const axisWidth = 34;
    const left = this.left + axisWidth;
    const width = this.width - axisWidth - 6;
    const top = this.y + 4;
    const values = c.rounds.map((r) => r.sg.overall);
    const high = Math.max(1, ...values);
    const low = Math.min(-1, ...values);
    const yOf = (v: number) => top + ((high - v) / (high - low)) * chartHeight;
    const xOf = (i: number) => (c.rounds.length === 1 ? left + width / 2 : left + (i / (c.rounds.length - 1)) * width);
    doc.rect(left, top, width, chartHeight).lineWidth(0.5).strokeColor(RULE).stroke();
    doc
      .moveTo(left, yOf(0))
      .lineTo(left + width, yOf(0))
      .lineWidth(0.8)
      .strokeColor(MUTED)
      .stroke();
    for (const tick of [high, 0, low]) {
      const label = f.sg(tick);
      this.text(label, this.left, yOf(tick) - 4, { size: 7.5, color: MUTED, width: axisWidth - 4, align: 'right' });
    }
    values.forEach((v, i) => (i === 0 ? doc.moveTo(xOf(i), yOf(v)) : doc.lineTo(xOf(i), yOf(v))));
    doc.lineWidth(1.4).strokeColor(this.accent).stroke();
    values.forEach((v, i) => doc.circle(xOf(i), yOf(v), 2.2).fill(v >= 0 ? GAINED : LOST));
    this.y = top + chartHeight + 10;

    // The table of the same figures.
    const columns = [
      { title: 'Date', width: 0.2 },
      { title: 'Holes', width: 0.08 },
      { title: 'Score', width: 0.08 },
      { title: 'Overall', width: 0.128 },
      { title: 'Off the tee', width: 0.128 },
      { title: 'Approach', width: 0.128 },
      { title: 'Short game', width: 0.128 },
      { title: 'Putting', width: 0.128 },
    ];
    const rowHeight = 13;
    const headerRow = () => {
      let x = this.left;
      for (const [i, col] of columns.entries()) {
        const w = col.width * this.width;
        this.text(col.title, x, this.y, { size: 8, bold: true, color: MUTED, width: w - 4, align: i === 0 ? 'left' : 'right' });
        x += w;
      }
      this.y += rowHeight;
    };
    this.room(rowHeight * 3);
    headerRow();
    for (const round of c.rounds) {
      if (this.y + rowHeight > this.bottom) {
        this.room(this.bottom);
        headerRow();
      }
      const cells = [
        f.date(round.start),
        f.count(round.holes),
        f.count(round.score),
        f.sg(round.sg.overall),
        f.sg(round.sg.tee),
        f.sg(round.sg.approach),
        f.sg(round.sg.chip),
        f.sg(round.sg.putt),
      ];
      let x = this.left;
      cells.forEach((cell, i) => {
        const w = columns[i]!.width * this.width;
        this.text(cell, x, this.y, { size: 8.5, bold: i === 3, width: w - 4, align: i === 0 ? 'left' : 'right' });
        x += w;
      });
      this.y += rowHeight;
    }
    this.y += 4;
  }

  private summary(): void {
    const { c, f } = this;
    this.section('Summary', 'Each figure over the holes counted; "per round" is per 18 holes; – where there was no chance to count.');
    const player = c.summary;
    if (!player) {
      this.y = this.text('No rounds counted.', this.left, this.y, { size: 10, color: MUTED }) + 6;
      return;
    }
    const labelWidth = 150;
    const valueWidth = 62;
    const definitionLeft = this.left + labelWidth + valueWidth + 10;
    const definitionWidth = this.width - labelWidth - valueWidth - 10;
    for (const figure of SUMMARY_FIGURES) {
      const definitionStyle: TextStyle = { size: 8, color: MUTED, width: definitionWidth, lineGap: 0.5 };
      const height = Math.max(14, this.t.heightOf(figure.definition, definitionStyle) + 5);
      this.room(height);
      const value = summaryFigureText(f, figure.kind, player[figure.key], c.units);
      this.text(figure.label, this.left, this.y, { size: 9.5, bold: true, width: labelWidth - 6 });
      this.text(value, this.left + labelWidth, this.y, { size: 9.5, bold: true, width: valueWidth, align: 'right' });
      this.text(figure.definition, definitionLeft, this.y + 1, definitionStyle);
      this.y += height;
    }
  }

  private missGrids(): void {
    const { c } = this;
    const cell = { width: 62, height: 34 };
    // The heading stays with its grids.
    this.room(cell.height * 3 + 110);
    this.section(
      'Miss grids',
      'Where putts and approaches finished, seen from where they were played: long at the top, short at the bottom; the middle is holed (putts) or the green hit (approaches). Each cell is its share of the shots counted.',
    );
    const top = this.y;
    this.grid('Putts', 'Holed', c.puttMisses?.all ?? null, this.left, top, cell);
    this.grid('Approaches', 'Green hit', c.approachMisses?.all ?? null, this.left + this.width / 2, top, cell);
    this.y = top + cell.height * 3 + 34;
  }

  private grid(
    title: string,
    madeLabel: string,
    grid: MissGrid | null,
    x: number,
    y: number,
    cell: { width: number; height: number },
  ): void {
    const { f, doc } = this;
    const shots = grid?.shots ?? 0;
    this.text(`${title}: ${f.count(shots)} counted`, x, y, { size: 9.5, bold: true });
    const layout = [
      ['lo', 'o', 'ro'],
      ['l', 'made', 'r'],
      ['ls', 's', 'rs'],
    ] as const;
    const top = y + 16;
    layout.forEach((row, r) =>
      row.forEach((key, col) => {
        const perTen = grid ? grid[key] : null;
        const share = perTen === null ? null : perTen * 10;
        const cx = x + col * cell.width;
        const cy = top + r * cell.height;
        const strength = share === null ? 0 : Math.min(1, share / 60);
        // The middle is the target; a miss cell is shaded by its share (full at 60 %).
        if (key === 'made') doc.rect(cx, cy, cell.width, cell.height).fill('#e8f5e9');
        else if (strength > 0)
          doc
            .save()
            .fillOpacity(0.1 + strength * 0.45)
            .rect(cx, cy, cell.width, cell.height)
            .fill(LOST)
            .restore();
        doc.rect(cx, cy, cell.width, cell.height).lineWidth(0.5).strokeColor(RULE).stroke();
        const text = share === null ? f.none : f.percent(share);
        this.text(text, cx, cy + 7, { size: 10, bold: true, width: cell.width, align: 'center' });
        if (key === 'made') this.text(madeLabel, cx, cy + 20, { size: 7, color: MUTED, width: cell.width, align: 'center' });
      }),
    );
  }

  private handicap(): void {
    const { c, f } = this;
    const h = c.handicap;
    if (!h || h.index === null) return;
    this.section(
      'Handicap index',
      'World Handicap System: the average of the lowest score differentials of the latest 20 rounds with a course rating and slope (fewer rounds: the WHS table of counts and adjustments).',
    );
    this.room(60);
    this.y =
      this.text(`${f.fixed(h.index, 1)}  (${h.method}; ${f.count(h.rounds_used)} rounds used)`, this.left, this.y, {
        size: 12,
        bold: true,
      }) + 6;
    const columns = ['Date', 'Adjusted gross', 'Course rating', 'Slope', 'Differential', 'Counted'];
    const w = this.width / columns.length;
    const rowHeight = 13;
    columns.forEach((title, i) =>
      this.text(title, this.left + i * w, this.y, { size: 8, bold: true, color: MUTED, width: w - 4, align: i === 0 ? 'left' : 'right' }),
    );
    this.y += rowHeight;
    for (const d of h.differentials) {
      this.room(rowHeight);
      const cells = [
        f.date(d.date),
        f.count(d.adjusted_gross),
        f.fixed(d.course_rating, 1),
        f.count(d.slope),
        f.fixed(d.differential, 1),
        d.counted ? 'yes' : '',
      ];
      cells.forEach((cell, i) =>
        this.text(cell, this.left + i * w, this.y, {
          size: 8.5,
          bold: d.counted && i === 4,
          width: w - 4,
          align: i === 0 ? 'left' : 'right',
        }),
      );
      this.y += rowHeight;
    }
    this.y += 4;
  }

  private diagnosis(): void {
    const { c, f } = this;
    const d = c.diagnosis;
    if (!d) return;
    this.section(
      'AI coach: latest diagnosis',
      `Made ${f.date(d.created_at)} from ${f.count(d.rounds)} rounds against the ${d.benchmark_label} benchmark.`,
    );
    this.room(40);
    this.y =
      this.text(`To work on: ${d.display_name} (${d.confidence} evidence)`, this.left, this.y, {
        size: 11,
        bold: true,
        width: this.width,
      }) + 4;
    const paragraph: TextStyle = { size: 9, width: this.width, lineGap: 1 };
    this.room(this.t.heightOf(d.narrative, paragraph));
    this.y = this.text(d.narrative, this.left, this.y, paragraph) + 6;
    for (const finding of d.findings) {
      const style: TextStyle = { size: 9, width: this.width - 12, lineGap: 1 };
      this.room(this.t.heightOf(finding, style));
      this.text('•', this.left + 2, this.y, { size: 9 });
      this.y = this.text(finding, this.left + 12, this.y, style) + 2;
    }
    if (d.plan.drills.length === 0) return;
    this.room(40);
    this.y += 4;
    this.y =
      this.text(`Practice plan: ${f.count(d.plan.practices_per_week)} practices a week`, this.left, this.y, { size: 10, bold: true }) + 3;
    for (const drill of d.plan.drills) {
      const why: TextStyle = { size: 8.5, color: MUTED, width: this.width - 12, lineGap: 0.5 };
      this.room(14 + this.t.heightOf(drill.why, why));
      this.y = this.text(drill.title, this.left + 12, this.y, { size: 9, bold: true, width: this.width - 12 }) + 1;
      this.y = this.text(drill.why, this.left + 12, this.y, why) + 4;
    }
  }

  /** "Page N of M", the generated date and the brand at the foot of every page, once all pages exist. */
  private footers(): void {
    const { doc, c, f } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      // Writing below the bottom margin would make pdfkit open a new page: the footer writes with none.
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - MARGIN + 8;
      doc
        .moveTo(this.left, y - 6)
        .lineTo(this.left + this.width, y - 6)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      this.text(`Generated ${f.date(c.generatedAt)}`, this.left, y, { size: 8, color: MUTED, width: this.width / 3 });
      this.text(c.brand?.name ?? DEFAULT_PRODUCT_NAME, this.left + this.width / 3, y, {
        size: 8,
        color: MUTED,
        width: this.width / 3,
        align: 'center',
      });
      this.text(`Page ${i - range.start + 1} of ${range.count}`, this.left + (2 * this.width) / 3, y, {
        size: 8,
        color: MUTED,
        width: this.width / 3,
        align: 'right',
      });
      doc.page.margins.bottom = margin;
    }
  }
}
