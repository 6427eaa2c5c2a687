import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { eventBody, type EventResponse, type ImportRoundsResponse, type Settings } from '@holeout/contracts';
import type { BenchmarkRef, CategoryBoundaries, Round } from '@holeout/golf';
import { ApiError } from '../../lib/api-error.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { EventsReader, EventsWriter, NewEvent } from '../events/events.module.ts';
import { resolveBenchmark } from '../stats/stats.module.ts';
import { csvRecord, guardText } from './csv.ts';
import type { EventCursor, PortabilityRepository } from './portability.repository.ts';
import { readRoundsCsv, roundCsvRows, roundsCsvHeader, RoundsCsvError } from './rounds-csv.ts';

/** Rows read per query while exporting: an account of any size streams out a page at a time. */
export const EXPORT_PAGE_SIZE = 100;

const DRILL_RESULT_COLUMNS = ['drillresult_id', 'drill_id', 'drill_title', 'event_id', 'ced_id', 'time', 'recorded_by', 'values'] as const;

export interface PortabilityServiceDeps {
  repository: PortabilityRepository;
  events: EventsReader & EventsWriter;
  /** The caller's settings as GET /account/settings answers them. */
  settingsOf: (caller: Caller) => Promise<Settings>;
  clock: () => Date;
}

/** The export as the route sends it: the zip's bytes as they are made, and the name it is saved under. */
export interface AccountExport {
  stream: NodeJS.ReadableStream;
  filename: string;
}

/** Pages of keyset reads as one sequence: `read` takes the last item of the page before (null first). */
async function* paged<T>(read: (last: T | null) => Promise<T[]>): AsyncGenerator<T> {
  let last: T | null = null;
  for (;;) {
    const page = await read(last);
    yield* page;
    if (page.length < EXPORT_PAGE_SIZE) return;
    last = page[page.length - 1]!;
  }
}

/** A JSON document `{ "<key>": [ ...items ], ... }` written an item at a time (each list is read only when its turn comes). */
async function* jsonLists(lists: ReadonlyArray<readonly [string, AsyncIterable<unknown>]>): AsyncGenerator<string> {
  yield '{';
  for (const [n, [key, items]] of lists.entries()) {
    yield `${n === 0 ? '' : ','}\n${JSON.stringify(key)}: [`;
    let first = true;
    for await (const item of items) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
      first = false;
    }
    yield '\n]';
  }
  yield '\n}\n';
}

/** A readable the zip reads when it comes to that entry, never before. */
const lazyEntry = (zip: ZipFile, name: string, mtime: Date, content: () => AsyncIterable<string>) =>
  zip.addReadStreamLazy(name, { mtime }, (done) => done(null, Readable.from(content(), { objectMode: false })));

/**
 * A golfer's own data, out and in: GET /account/export (a zip of the account, events, rounds shot by
 * shot, drills, results and notifications, streamed) and POST /rounds/import (rounds.csv back into
 * rounds, all or none).
 */
export class PortabilityService {
  constructor(private readonly deps: PortabilityServiceDeps) {}

  /**
   * The export zip. Only what the caller owns: events they created (never those shared with them),
   * their drills and folders, their results and notifications. rounds.csv scores each shot with the
   * engine against the caller's saved benchmark and saved category boundaries, as the statistics do.
   */
  async exportAccount(caller: Caller): Promise<AccountExport> {
    const now = this.deps.clock();
    const settings = await this.deps.settingsOf(caller);
    const { benchmark, boundaries } = resolveBenchmark(undefined, caller.user.benchmark, settings.custom_sg ?? null);
    const zip = new ZipFile();
    const user = caller.user;
    // The user without secrets: no password hash, no registration ticket, no tokens or codes.
    const account = {
      exported_at: now.toISOString(),
      user: {
        uid: user.uid,
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        level: user.level,
        benchmark: user.benchmark,
        is_coach: user.is_coach,
        sub_id: user.sub_id,
        has_password: user.password_hash !== null,
        pending_email: user.pending_email,
        verified_at: user.verified_at?.toISOString() ?? null,
        setup_pending: user.setup_pending,
        created_at: user.created_at.toISOString(),
      },
      settings,
    };
    zip.addBuffer(Buffer.from(`${JSON.stringify(account, null, 2)}\n`), 'account.json', { mtime: now });
    lazyEntry(zip, 'events.json', now, () => jsonLists([['events', this.ownedEvents(caller, false)]]));
    lazyEntry(zip, 'rounds.csv', now, () => this.roundsCsv(caller, benchmark, boundaries));
    lazyEntry(zip, 'drills.json', now, () => this.drillsJson(caller));
    lazyEntry(zip, 'drill_results.csv', now, () => this.drillResultsCsv(caller));
    lazyEntry(zip, 'notifications.json', now, () =>
      jsonLists([
        [
          'notifications',
          paged((last: { notify_id: number } | null) =>
            this.deps.repository.ownNotificationPage(caller.uid, last?.notify_id ?? 0, EXPORT_PAGE_SIZE),
          ),
        ],
      ]),
    );
    zip.end();
    // A read that fails half way ends the download with an error (the client sees a cut-off file), never a hang.
    const output = zip.outputStream as PassThrough;
    zip.on('error', (error: Error) => output.destroy(error));
    return { stream: output, filename: `holeout-export-${now.toISOString().slice(0, 10)}.zip` };
  }

  /** The caller's own events (or rounds) as the API answers them, oldest first, a page at a time. */
  private async *ownedEvents(caller: Caller, roundsOnly: boolean): AsyncGenerator<EventResponse> {
    let after: EventCursor | null = null;
    for (;;) {
      const page = await this.deps.repository.ownedEventPage(caller.uid, { roundsOnly, after, limit: EXPORT_PAGE_SIZE });
      if (page.length === 0) return;
      yield* await this.deps.events.answersFor(
        caller,
        page.map((p) => p.event_id),
      );
      if (page.length < EXPORT_PAGE_SIZE) return;
      after = page[page.length - 1]!;
    }
  }

  private async *roundsCsv(caller: Caller, benchmark: BenchmarkRef, boundaries: CategoryBoundaries | undefined): AsyncGenerator<string> {
    yield roundsCsvHeader();
    for await (const event of this.ownedEvents(caller, true)) {
      if (event.round) yield roundCsvRows(event.event_id, event.start, event.round as Round, benchmark, boundaries);
    }
  }

  private drillsJson(caller: Caller): AsyncGenerator<string> {
    const { repository } = this.deps;
    return jsonLists([
      [
        'folders',
        paged((last: { folder_id: number } | null) => repository.ownedFolderPage(caller.uid, last?.folder_id ?? 0, EXPORT_PAGE_SIZE)),
      ],
      [
        'drills',
        paged((last: { drill_id: number } | null) => repository.ownedDrillPage(caller.uid, last?.drill_id ?? 0, EXPORT_PAGE_SIZE)),
      ],
    ]);
  }

  private async *drillResultsCsv(caller: Caller): AsyncGenerator<string> {
    yield csvRecord(DRILL_RESULT_COLUMNS);
    const results = paged((last: { drillresult_id: number } | null) =>
      this.deps.repository.ownResultPage(caller.uid, last?.drillresult_id ?? 0, EXPORT_PAGE_SIZE),
    );
    for await (const r of results) {
      yield csvRecord([
        String(r.drillresult_id),
        String(r.drill_id),
        guardText(r.drill_title),
        String(r.event_id),
        String(r.ced_id),
        r.time.toISOString(),
        r.recorded_by === null ? '' : String(r.recorded_by),
        JSON.stringify(r.values),
      ]);
    }
  }

  /**
   * Stores the rounds of a rounds.csv as the caller's ROUND events, all in one transaction or none:
   * each checked by the same rules as POST /events, each taking the shares a new event takes. The
   * file's event ids only group its rows; the events get new ids. No one is notified: these are
   * rounds played before, not news.
   */
  async importRounds(caller: Caller, text: string): Promise<ImportRoundsResponse> {
    let rounds;
    try {
      rounds = readRoundsCsv(text);
    } catch (error) {
      if (error instanceof RoundsCsvError) throw new ApiError(400, 'VALIDATION_ERROR', error.message, error.problems);
      throw error;
    }
    const prepared: NewEvent[] = [];
    for (const imported of rounds) {
      const body = eventBody.parse({ event_type: 'ROUND', start: imported.start, round: imported.round });
      prepared.push(await this.deps.events.prepareNew(caller, body));
    }
    const eventIds = await this.deps.repository.inTransaction(async (tx) => {
      const ids: number[] = [];
      for (const event of prepared) ids.push((await this.deps.events.insertNew(tx, caller, event, { notify: false })).event_id);
      return ids;
    });
    return { imported: eventIds.length, event_ids: eventIds };
  }
}
