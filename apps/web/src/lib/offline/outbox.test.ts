import type { EventBody, EventResponse } from '@holeout/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import { LOGGED_OUT_STATE, session } from '../session/session.ts';
import { createFetchMock } from '../../test/fetch-mock.ts';
import { buildUser } from '../../test/factories.ts';
import { createOutbox } from './outbox.ts';
import { createMemoryRoundStore, type OutboxEntry, type StoredDraft } from './round-store.ts';
import { sendRound } from './send-round.ts';

const body: EventBody = {
  event_type: 'ROUND',
  title: 'Royal Example',
  start: '2026-05-02T08:00:00.000Z',
  end: null,
  notes: '',
  tags: [],
  round: { course: 'Royal Example', units: 'FEET_YARDS', holes: [{ hole: 1, par: 3, shots: [{ from: 'T', dist: 160, to: 'I' }] }] },
};

const entry = (overrides: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: 'key-1',
  uid: 7,
  eventId: null,
  body,
  course: 'Royal Example',
  savedAt: '2026-05-02T12:00:00.000Z',
  attempts: 0,
  lastError: null,
  rejected: false,
  ...overrides,
});

const saved = { event_id: 41 } as EventResponse;

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('outbox', () => {
  it('a round sent at once leaves neither draft nor outbox entry, and is reported sent', async () => {
    const store = createMemoryRoundStore<StoredDraft>();
    await store.saveDraft({ id: 'key-1', uid: 7, eventId: null, updatedAt: '2026-05-02T11:00:00.000Z' });
    const onSent = vi.fn();
    const send = vi.fn().mockResolvedValue(saved);
    const outbox = createOutbox({ store, send, onSent });
    expect(await outbox.submit(entry())).toEqual({ id: 'key-1', status: 'sent', event: saved });
    expect(store.drafts.size).toBe(0);
    expect(store.outbox.size).toBe(0);
    expect(send).toHaveBeenCalledWith({ id: 'key-1', eventId: null, body });
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('offline, the round waits; back online it is sent once with the same key', async () => {
    const store = createMemoryRoundStore<StoredDraft>();
    const send = vi.fn().mockRejectedValueOnce(new ApiError('Error connecting to the internet', 0)).mockResolvedValue(saved);
    const outbox = createOutbox({ store, send });
    expect(await outbox.submit(entry())).toMatchObject({ status: 'waiting', message: expect.stringMatching(/back online/) });
    expect(outbox.state.get().entries).toHaveLength(1);
    expect(outbox.state.get().entries[0]).toMatchObject({ attempts: 1, rejected: false });

    // Two triggers at once (the online event and the retry timer) still send it once.
    const [first, second] = await Promise.all([outbox.flush(7), outbox.flush(7)]);
    expect([...first!, ...second!].every((outcome) => outcome.status === 'sent')).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls.map(([round]) => (round as { id: string }).id)).toEqual(['key-1', 'key-1']);
    expect(store.outbox.size).toBe(0);
    expect(outbox.state.get().entries).toEqual([]);
  });

  it('a refusal by the API is kept, marked, and not retried', async () => {
    const store = createMemoryRoundStore<StoredDraft>();
    const send = vi.fn().mockRejectedValue(new ApiError('round: Hole 1, shot 1: ...', 400));
    const outbox = createOutbox({ store, send });
    expect(await outbox.submit(entry())).toEqual({ id: 'key-1', status: 'rejected', message: 'round: Hole 1, shot 1: ...' });
    expect(await outbox.flush(7)).toEqual([]);
    expect(send).toHaveBeenCalledTimes(1);
    await outbox.discard('key-1', 7);
    expect(outbox.state.get().entries).toEqual([]);
  });

  it("sends only the signed-in user's rounds", async () => {
    const store = createMemoryRoundStore<StoredDraft>();
    await store.putOutbox(entry({ id: 'other', uid: 8 }));
    const send = vi.fn().mockResolvedValue(saved);
    const outbox = createOutbox({ store, send });
    expect(await outbox.flush(7)).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('sending a round', () => {
  it('POSTs /events with the Idempotency-Key header and the bearer token', async () => {
    localStorage.setItem('token', 'tok-1');
    session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser() });
    const fetchMock = createFetchMock({ 'POST /v4/events': { json: saved } });
    vi.stubGlobal('fetch', fetchMock);
    await sendRound({ id: 'key-9', eventId: null, body });
    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = init!.headers as Record<string, string>;
    expect(String(url)).toBe('/v4/events');
    expect(headers['Idempotency-Key']).toBe('key-9');
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(JSON.parse(String(init!.body))).toEqual(body);
  });

  it('an edited round goes to POST /events?event_id=', async () => {
    localStorage.setItem('token', 'tok-1');
    const fetchMock = createFetchMock({ 'POST /v4/events': { json: saved } });
    vi.stubGlobal('fetch', fetchMock);
    await sendRound({ id: 'key-9', eventId: 12, body });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/v4/events?event_id=12');
  });
});
