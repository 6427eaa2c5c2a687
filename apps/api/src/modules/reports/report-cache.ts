import { createHash } from 'node:crypto';
import type { ReportContent } from './report-pdf.ts';

/** Bytes of finished reports each process keeps (a 20-round report is about 35 KB). */
const MEMORY_BYTES = 32 * 1024 * 1024;

/**
 * Finished reports by what they show. A report is a pure function of its content (the statistics as
 * the API answers them, the player, the brand, the layout choices and the generated date as
 * printed), so the same content asked again (a coach downloading, then mailing; a player opening it
 * twice) is served without laying it out again. The key is a hash of that content: a round edited,
 * a benchmark changed, a new day or a new logo gives another key, so nothing served is stale. Only
 * the PDF's own creation time (metadata, not shown) is that of the first build. Kept in memory,
 * most recently used last, within MEMORY_BYTES.
 */
export class ReportCache {
  private readonly built = new Map<string, Buffer>();
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly capacity = MEMORY_BYTES) {}

  /** The key of a report's content; `printedDate` is the generated date as the report writes it. */
  static keyOf(content: ReportContent, printedDate: string): string {
    const { generatedAt: _time, brand, ...rest } = content;
    const logo = brand?.logo ? createHash('sha256').update(brand.logo).digest('base64url') : null;
    return createHash('sha256')
      .update(JSON.stringify([printedDate, brand ? { ...brand, logo } : null, rest]))
      .digest('base64url');
  }

  /** The report stored under `key`, or the one `build` makes (stored for next time); concurrent asks for one key build it once. */
  async get(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
    const known = this.built.get(key);
    if (known) {
      this.built.delete(key);
      this.built.set(key, known);
      return known;
    }
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = build()
      .then((pdf) => {
        this.remember(key, pdf);
        return pdf;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private remember(key: string, pdf: Buffer): void {
    if (pdf.length > this.capacity) return;
    this.built.set(key, pdf);
    this.bytes += pdf.length;
    for (const [oldKey, old] of this.built) {
      if (this.bytes <= this.capacity) break;
      this.built.delete(oldKey);
      this.bytes -= old.length;
    }
  }

  /** How many reports are kept, and their bytes. */
  get size(): { reports: number; bytes: number } {
    return { reports: this.built.size, bytes: this.bytes };
  }
}
