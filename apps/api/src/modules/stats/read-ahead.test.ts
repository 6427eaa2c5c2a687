import { describe, expect, it, vi } from 'vitest';
import { prepareStats, simulateRound, STAT_FUNCTIONS, type PlayerRound } from '@holeout/golf';
import { statsResponses } from '@holeout/contracts';
import { DEMO_COURSES } from '../../db/demo-season.ts';
import type { Caller } from '../auth/auth.module.ts';
import { StatsCache } from './stats-cache.ts';
import type { StatsPlan, StatsRepository } from './stats.repository.ts';
import { StatsService } from './stats.service.ts';

/**
 * The first ask for some players in a process reads their newest rounds beside the plan. Only the
 * rounds the plan keeps, at the version it keeps them at, may count: a round the viewer may not see
 * or one edited between the two reads must never reach an answer. (Strokes gained alone against a
 * level reads no shots when the rounds' scores are stored, and reads nothing ahead.)
 */

const VIEWER = 1;
const PLAYER = 7;

function stored(eventId: number, seed: number): PlayerRound {
  const round = simulateRound({ course: DEMO_COURSES[seed % DEMO_COURSES.length]!, benchmark: 'NINETY', seed });
  return {
    event_id: eventId,
    uid: PLAYER,
    start: `2026-10-${String(10 + eventId).padStart(2, '0')}T08:00:00.000Z`,
    round: { course: round.course, units: round.units, holes: round.holes },
  };
}

/** A statistics database in memory: the plan keeps `kept`; the read-ahead answers `ahead`. */
function database(options: {
  kept: Array<[number, string]>;
  ahead: Array<{ version: string; round: PlayerRound }> | Error;
  rows: PlayerRound[];
  readAhead?: boolean;
}) {
  const bodies = new Map<string, string>();
  const plan: StatsPlan = { candidates: options.kept.length, kept: options.kept, visible: [PLAYER], custom: null, epoch: '1' };
  const repository = {
    statsPlan: vi.fn(async () => plan),
    statsEpochNow: vi.fn(async () => '1'),
    versionedRounds: vi.fn(async () => {
      if (options.ahead instanceof Error) throw options.ahead;
      return options.ahead;
    }),
    roundsForStatistics: vi.fn(async ({ eventIds }: { eventIds: readonly number[] }) =>
      options.rows.filter((row) => eventIds.includes(row.event_id)),
    ),
    cachedBodies: vi.fn(
      async (keys: readonly string[]) => new Map(keys.filter((key) => bodies.has(key)).map((key) => [key, bodies.get(key)!])),
    ),
    storeBodies: vi.fn(async (rows: ReadonlyArray<{ key: string; body: string }>) => rows.forEach((row) => bodies.set(row.key, row.body))),
    pruneBodiesBefore: vi.fn(async () => undefined),
    // No round has stored scores: strokes gained alone is scored from the shots too.
    storedRoundSg: vi.fn(async () => []),
  };
  const asRepository = repository as unknown as StatsRepository;
  const service = new StatsService({
    repository: asRepository,
    cache: new StatsCache(asRepository),
    routing: { targetFor: async () => 'primary', replicaFailed: () => undefined },
    subscriptionOf: async () => null,
    readAhead: options.readAhead ?? true,
  });
  return { repository, service };
}

const caller = { uid: VIEWER, tokenId: 1, user: { uid: VIEWER, benchmark: 'NINETY' } } as unknown as Caller;

/** What the engine answers for exactly these rounds, newest first. */
const engine = (rounds: PlayerRound[]) =>
  JSON.stringify(
    statsResponses.round_sg.parse(
      STAT_FUNCTIONS.round_sg(
        prepareStats(
          [...rounds].sort((a, b) => (a.start < b.start ? 1 : -1)),
          { benchmark: 'TOUR' },
        ),
      ),
    ),
  );

describe('rounds read beside the plan', () => {
  const one = stored(1, 11);
  const two = stored(2, 12);
  const hidden = stored(3, 13);

  it('counts those the plan keeps at its version, without loading them again', async () => {
    const { repository, service } = database({
      kept: [
        [1, 'v1'],
        [2, 'v1'],
      ],
      ahead: [
        { version: 'v1', round: one },
        { version: 'v1', round: two },
        // Read ahead but not the viewer's to see: never counted.
        { version: 'v1', round: hidden },
      ],
      rows: [one, two, hidden],
    });
    const body = await service.stat(caller, 'round_sg', { players: [PLAYER], benchmark: 'TOUR' });
    expect(body).toBe(engine([one, two]));
    expect(repository.versionedRounds).toHaveBeenCalledWith({ owners: [PLAYER] }, 300);
    expect(repository.roundsForStatistics).not.toHaveBeenCalled();
  });

  it('loads again a round edited between the two reads, and counts it as the plan keeps it', async () => {
    const edited = { ...two, round: stored(2, 99).round };
    const { repository, service } = database({
      kept: [
        [1, 'v1'],
        [2, 'v2'],
      ],
      ahead: [
        { version: 'v1', round: one },
        { version: 'v1', round: two },
      ],
      rows: [one, edited],
    });
    const body = await service.stat(caller, 'round_sg', { players: [PLAYER], benchmark: 'TOUR' });
    expect(body).toBe(engine([one, edited]));
    expect(body).not.toBe(engine([one, two]));
    expect(repository.roundsForStatistics).toHaveBeenCalledTimes(1);
    expect(repository.roundsForStatistics.mock.calls[0]![0]).toEqual({ eventIds: [2] });
  });

  it('a failed read-ahead only means the rounds load after the plan', async () => {
    const { repository, service } = database({
      kept: [[1, 'v1']],
      ahead: new Error('connection lost'),
      rows: [one],
    });
    expect(await service.stat(caller, 'round_sg', { players: [PLAYER], benchmark: 'TOUR' })).toBe(engine([one]));
    expect(repository.roundsForStatistics).toHaveBeenCalledTimes(1);
  });

  it('reads ahead only while no plan is remembered for the selection, and never for chosen rounds', async () => {
    const { repository, service } = database({ kept: [[1, 'v1']], ahead: [{ version: 'v1', round: one }], rows: [one] });
    await service.stat(caller, 'round_sg', { players: [PLAYER], benchmark: 'TOUR' });
    await service.stat(caller, 'round_sg', { players: [PLAYER], benchmark: 'SCRATCH' });
    expect(repository.versionedRounds).toHaveBeenCalledTimes(1);
    await service.stat(caller, 'round_sg', { rounds: [1], benchmark: 'TOUR' });
    expect(repository.versionedRounds).toHaveBeenCalledTimes(1);
  });

  it('never reads ahead on a database with one connection (PGlite): the rounds load after the plan', async () => {
    const { repository, service } = database({ kept: [[1, 'v1']], ahead: [{ version: 'v1', round: one }], rows: [one], readAhead: false });
    expect(await service.stat(caller, 'round_sg', { players: [PLAYER], benchmark: 'TOUR' })).toBe(engine([one]));
    expect(repository.versionedRounds).not.toHaveBeenCalled();
    expect(repository.roundsForStatistics).toHaveBeenCalledTimes(1);
  });

  it('reads nothing ahead for strokes gained alone against a level: the stored scores answer it when every round has them', async () => {
    const { repository, service } = database({ kept: [[1, 'v1']], ahead: [{ version: 'v1', round: one }], rows: [one] });
    await service.stat(caller, 'sg', { players: [PLAYER], benchmark: 'TOUR' });
    expect(repository.versionedRounds).not.toHaveBeenCalled();
    expect(repository.storedRoundSg).toHaveBeenCalledTimes(1);
    // None stored here: the round was scored from its shots, loaded after the plan.
    expect(repository.roundsForStatistics).toHaveBeenCalledTimes(1);
  });
});
