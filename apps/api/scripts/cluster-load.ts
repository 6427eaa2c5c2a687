import { randomUUID } from 'node:crypto';

/**
 * A mixed load for a running Holeout (the cluster's balancer or one process), used by
 * `npm run bench:cluster` and the cluster's fault tests: writers post rounds with an
 * Idempotency-Key and, when an attempt fails (no answer, 5xx), try again with the same key until
 * it is acknowledged; readers ask for statistics and the event list. Every acknowledged write is
 * kept, so a test can count afterwards that each one is stored, once and whole.
 */

export interface LoadOptions {
  baseUrl: string;
  /** Bearer tokens of the golfers; writer and reader i use token i modulo their number. */
  tokens: string[];
  writers: number;
  readers: number;
  durationMs: number;
  /** How long a writer keeps trying to get its last write acknowledged after the load ends. */
  settleMs?: number;
}

export interface Attempt {
  kind: 'write' | 'read';
  at: number;
  ms: number;
  status: number;
}

export interface AcknowledgedWrite {
  key: string;
  token: string;
  eventId: number;
  title: string;
  /** Attempts it took (1: the first was answered). */
  attempts: number;
}

export interface LoadResult {
  startedAt: number;
  endedAt: number;
  attempts: Attempt[];
  acknowledged: AcknowledgedWrite[];
  /** Writes given up on (never acknowledged within settleMs): reported, never counted as lost. */
  unacknowledged: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An 18-hole round of par 72 shot by shot (two putts a green, a bogey every third hole), in feet and yards. */
export function loadRound(title: string, start: string) {
  const holes = Array.from({ length: 18 }, (_, i) => {
    const par = [4, 4, 3, 4, 5, 4, 3, 4, 5][i % 9]!;
    const bogey = i % 3 === 2;
    const tee = par === 3 ? { from: 'T', dist: 165, to: 'G' } : { from: 'T', dist: par === 5 ? 520 : 400, to: 'F' };
    const approach =
      par === 3
        ? []
        : par === 5
          ? [
              { from: 'F', dist: 260, to: 'F' },
              { from: 'F', dist: 110, to: 'G' },
            ]
          : [{ from: 'F', dist: 150, to: 'G' }];
    const extra = bogey ? [{ from: 'G', dist: 30, to: 'G' }] : [];
    return { hole: i + 1, par, shots: [tee, ...approach, ...extra, { from: 'G', dist: 18, to: 'G' }, { from: 'G', dist: 2, to: 'I' }] };
  });
  return { event_type: 'ROUND', title, start, round: { course: 'Load Test Links', units: 'FEET_YARDS', holes } };
}

/** Sends one request and reads its whole answer; no answer, or one cut off (the process went away under it), is status 0. */
async function timed(kind: Attempt['kind'], attempts: Attempt[], call: () => Promise<Response>): Promise<{ status: number; text: string }> {
  const at = Date.now();
  let answer = { status: 0, text: '' };
  try {
    const res = await call();
    answer = { status: res.status, text: await res.text() };
  } catch {
    answer = { status: 0, text: '' };
  }
  attempts.push({ kind, at, ms: Date.now() - at, status: answer.status });
  return answer;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { baseUrl, tokens } = options;
  const attempts: Attempt[] = [];
  const acknowledged: AcknowledgedWrite[] = [];
  let unacknowledged = 0;
  const startedAt = Date.now();
  const endAt = startedAt + options.durationMs;
  const settleUntil = endAt + (options.settleMs ?? 15_000);

  const writer = async (w: number) => {
    const token = tokens[w % tokens.length]!;
    for (let n = 0; Date.now() < endAt; n += 1) {
      const key = randomUUID();
      const title = `Load ${w}-${n} ${key.slice(0, 8)}`;
      const body = JSON.stringify(loadRound(title, new Date(Date.UTC(2026, 9, 1 + (n % 28), 8)).toISOString()));
      let tries = 0;
      for (;;) {
        tries += 1;
        const res = await timed('write', attempts, () =>
          fetch(`${baseUrl}/v4/events`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
            body,
          }),
        );
        if (res.status >= 200 && res.status < 300) {
          const created = JSON.parse(res.text) as { event_id: number };
          acknowledged.push({ key, token, eventId: created.event_id, title, attempts: tries });
          break;
        }
        // Only no answer or a 5xx is worth another try with the same key; anything else is the load's own mistake.
        if (res.status !== 0 && res.status < 500 && res.status !== 409 && res.status !== 429)
          throw new Error(`a write was refused: ${res.status} ${res.text.slice(0, 200)}`);
        if (Date.now() > settleUntil) {
          unacknowledged += 1;
          break;
        }
        await sleep(100);
      }
    }
  };

  const reader = async (r: number) => {
    const token = tokens[r % tokens.length]!;
    for (let n = 0; Date.now() < endAt; n += 1) {
      const url =
        n % 2 === 0 ? `${baseUrl}/v4/stats/summary?benchmark=${['TOUR', 'SCRATCH', 'EIGHTY', 'NINETY'][n % 4]}` : `${baseUrl}/v4/events`;
      const res = await timed('read', attempts, () => fetch(url, { headers: { authorization: `Bearer ${token}` } }));
      if (res.status === 0 || res.status >= 500) await sleep(100);
    }
  };

  await Promise.all([
    ...Array.from({ length: options.writers }, (_, i) => writer(i)),
    ...Array.from({ length: options.readers }, (_, i) => reader(i)),
  ]);
  return { startedAt, endedAt: Date.now(), attempts, acknowledged, unacknowledged };
}

/** The figures of a load: requests, errors, the longest run without a success, and latency percentiles. */
export function summarize(result: LoadResult, fault?: { at: number }) {
  const failed = (a: Attempt) => a.status === 0 || a.status >= 500;
  const sorted = (kind: Attempt['kind']) =>
    result.attempts
      .filter((a) => a.kind === kind && !failed(a))
      .map((a) => a.ms)
      .sort((x, y) => x - y);
  const pct = (values: number[], p: number) =>
    values.length === 0 ? 0 : values[Math.min(values.length - 1, Math.floor(p * values.length))]!;
  const seconds = (result.endedAt - result.startedAt) / 1000;
  const writes = sorted('write');
  const reads = sorted('read');
  // Recovery: from the fault to the end of the last attempt after it that failed (0 when none failed).
  let recoveryMs: number | null = null;
  if (fault) {
    const failuresAfter = result.attempts.filter((a) => failed(a) && a.at >= fault.at);
    const lastFailure = failuresAfter.reduce((max, a) => Math.max(max, a.at + a.ms), fault.at);
    recoveryMs = failuresAfter.length === 0 ? 0 : lastFailure - fault.at;
  }
  return {
    seconds: Math.round(seconds * 10) / 10,
    requests: result.attempts.length,
    errors: result.attempts.filter(failed).length,
    statuses: Object.fromEntries(
      [...new Set(result.attempts.map((a) => a.status))].sort().map((s) => [s, result.attempts.filter((a) => a.status === s).length]),
    ),
    writesAcknowledged: result.acknowledged.length,
    writesRetried: result.acknowledged.filter((w) => w.attempts > 1).length,
    unacknowledged: result.unacknowledged,
    writesPerSecond: Math.round(writes.length / seconds),
    readsPerSecond: Math.round(reads.length / seconds),
    writeMs: { p50: pct(writes, 0.5), p95: pct(writes, 0.95) },
    readMs: { p50: pct(reads, 0.5), p95: pct(reads, 0.95) },
    recoveryMs,
  };
}
