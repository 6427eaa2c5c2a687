import { createHash } from 'node:crypto';
import { Lru } from '../../lib/lru.ts';
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
  private readonly built: Lru<string, Buffer>;
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(capacity = MEMORY_BYTES) {
    this.built = new Lru(capacity, (pdf) => pdf.length);
  }

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
    if (known) return known;
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = build()
      .then((pdf) => {
        this.built.set(key, pdf);
        return pdf;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  /** How many reports are kept, and their bytes. */
  get size(): { reports: number; bytes: number } {
    const { entries, size } = this.built.usage;
    return { reports: entries, bytes: size };
  }
}
