import { describe, expect, it } from 'vitest';
import { ReportCache } from './report-cache.ts';
import type { ReportContent } from './report-pdf.ts';
import { emptyReportContent as content } from './report-testing.ts';

const pdf = (text: string) => Buffer.from(`%PDF-1.7 ${text}`);

describe('ReportCache', () => {
  it('keys a report by everything it shows: the same content on the same printed day is one key; any change another', () => {
    const base = ReportCache.keyOf(content(), '25 Nov 2026');
    // Another time of the same day: the printed date is what counts.
    expect(ReportCache.keyOf(content({ generatedAt: new Date('2026-11-25T17:30:00Z') }), '25 Nov 2026')).toBe(base);
    const changed = [
      ReportCache.keyOf(content(), '26 Nov 2026'),
      ReportCache.keyOf(content({ playerName: 'Ada King' }), '25 Nov 2026'),
      ReportCache.keyOf(content({ benchmark: 'Tour player' }), '25 Nov 2026'),
      ReportCache.keyOf(content({ paper: 'letter' }), '25 Nov 2026'),
      ReportCache.keyOf(content({ locale: 'en-US' }), '25 Nov 2026'),
      ReportCache.keyOf(content({ limited: true }), '25 Nov 2026'),
      ReportCache.keyOf(content({ rounds: [{ event_id: 1 }] as unknown as ReportContent['rounds'] }), '25 Nov 2026'),
      ReportCache.keyOf(content({ brand: { name: 'Academy', colour: '#123456', logo: null } }), '25 Nov 2026'),
      ReportCache.keyOf(content({ brand: { name: 'Academy', colour: '#123456', logo: Buffer.from([1, 2, 3]) } }), '25 Nov 2026'),
      ReportCache.keyOf(content({ brand: { name: 'Academy', colour: '#123456', logo: Buffer.from([1, 2, 4]) } }), '25 Nov 2026'),
    ];
    expect(new Set([base, ...changed]).size).toBe(changed.length + 1);
  });

  it('builds a key once, also when asked twice at once, and builds again after a failure', async () => {
    const cache = new ReportCache();
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((r) => setTimeout(r, 5));
      return pdf(`build ${builds}`);
    };
    const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
    expect(builds).toBe(1);
    expect(b).toBe(a);
    expect(await cache.get('k', build)).toBe(a);
    await expect(cache.get('failing', () => Promise.reject(new Error('no fonts')))).rejects.toThrow('no fonts');
    expect(await cache.get('failing', build)).toEqual(pdf('build 2'));
  });

  it('keeps the most recently used reports within its bytes', async () => {
    const cache = new ReportCache(30);
    await cache.get('a', async () => pdf('aaaa')); // 13 bytes
    await cache.get('b', async () => pdf('bbbb'));
    await cache.get('a', async () => pdf('never'));
    await cache.get('c', async () => pdf('cccc')); // 39 bytes in all: b, the least recently used, goes
    expect(cache.size).toEqual({ reports: 2, bytes: 26 });
    expect(await cache.get('a', async () => pdf('rebuilt'))).toEqual(pdf('aaaa'));
    expect(await cache.get('b', async () => pdf('rebuilt'))).toEqual(pdf('rebuilt'));
    // A report bigger than the whole cache is served, not kept.
    await cache.get('huge', async () => pdf('x'.repeat(40)));
    expect(cache.size.reports).toBeLessThanOrEqual(2);
    expect(cache.size.bytes).toBeLessThanOrEqual(30);
  });
});
