import {
  computeHandicapIndex,
  getBaseline,
  hasBasicAccess,
  limitRounds,
  prepareStats,
  sgFromFigures,
  sgOfRounds,
  STAT_FUNCTIONS,
  STATS_MAX_PLAYERS,
  STATS_MAX_ROUNDS,
  type BenchmarkLevel,
  type BenchmarkRef,
  type PlayerRound,
  type StatName,
  type StatsInput,
  type Subscription,
} from '@holeout/golf';
import {
  statsResponses,
  type CustomSgSettings,
  type HandicapQuery,
  type HandicapResponse,
  type PlayerHandicap,
  type StatsQuery,
  type SubscriptionBody,
} from '@holeout/contracts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { StatsPlan, StatsRepository } from './stats.repository.ts';
import { statsCacheKey, type StatsCache } from './stats-cache.ts';
import { isConnectionLost } from '../../db/client.ts';
import { roundScoreRows } from '../../db/round-scores.ts';
import type { BackgroundWork } from '../../lib/background-work.ts';
import { definitionsVersion } from '../../lib/definitions-version.ts';
import { Lru } from '../../lib/lru.ts';
import type { ReadRouting } from '../../platform/replica/read-routing.ts';

/** How many visible rounds are considered before the limits (15 players, 300 rounds) pick the ones counted. */
const CANDIDATE_ROUNDS = 3000;
/**
 * The newest rated rounds of a player the index reads: the latest 20 scores, and every score of the
 * year before the latest (the low index of the caps) with the 20 before each of them.
 */
const HANDICAP_ROUNDS = 500;
/** Plans (viewer and selection) remembered in memory with their epoch. */
const PLANS_KEPT = 2_000;
/** Scored selections kept in memory, so the pages' several statistics of one selection score it once. */
const PREPARED_KEPT = 8;
/**
 * Rounds kept parsed in memory with the version they were read at (a round of 18 holes is about 4 kB of
 * JSON, some 15 kB of objects): another benchmark, target or selection of rounds already read loads
 * none of them again. Ten full team views' worth.
 */
const ROUNDS_KEPT = 3000;
/** Rounds whose missing or outdated stored scores are computed and written in one go, between which other work runs. */
const SCORES_BATCH = 25;
/** How long after the answer those scores start being written. */
const SCORES_AFTER_MS = 250;

/**
 * The target rounds are measured against: the level asked for; CUSTOM, the saved custom target (a 400
 * naming `benchmark` when none is saved); nothing asked, the saved benchmark. The saved custom
 * boundaries count whatever the target. The AI coach chooses a player's target by the same rule.
 */
export function resolveBenchmark(
  choice: StatsQuery['benchmark'],
  saved: string,
  custom: CustomSgSettings | null,
): { benchmark: BenchmarkRef; boundaries: CustomSgSettings['boundaries'] | undefined } {
  if (choice === 'CUSTOM' && !custom) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'benchmark: save a custom target in Strokes gained settings before choosing CUSTOM', [
      { field: 'benchmark', message: 'no custom target saved', in: 'query' },
    ]);
  }
  const benchmark: BenchmarkRef =
    choice === 'CUSTOM' && custom
      ? 'score' in custom.target
        ? { targetScore: custom.target.score }
        : { handicapIndex: custom.target.handicap_index, courseRating: custom.target.course_rating, slope: custom.target.slope }
      : ((choice === 'CUSTOM' ? undefined : choice) ?? (saved as BenchmarkLevel));
  return { benchmark, boundaries: custom?.boundaries };
}

/** Which remembered plan answers a viewer's selection. */
const planKey = (viewer: number, rounds: number[] | undefined, players: number[] | undefined): string =>
  JSON.stringify([viewer, rounds ?? null, players ?? null]);

/**
 * Statistics over the rounds the caller may see: the selected
 * rounds, or every round of the players asked for (the caller by default). One prepared statement
 * (`StatsRepository.statsPlan`) checks the players, reads the custom settings and applies the
 * limits (at most 15 players and 300 rounds) to choose the counted rounds, and the body is
 * served from the statistics cache when those rounds, unchanged, were computed before against the
 * same benchmark and boundaries. Otherwise one query loads their shots, the engine scores each
 * round once (kept in memory for the selection's other statistics) and the body is stored.
 */
export class StatsService {
  private readonly version = definitionsVersion();
  private readonly prepared = new Lru<string, Promise<StatsInput>>(PREPARED_KEPT);
  private readonly roundsRead = new Lru<number, { version: string; round: PlayerRound }>(ROUNDS_KEPT);
  private readonly plans = new Lru<string, StatsPlan>(PLANS_KEPT);
  private readonly inputKeys = new WeakMap<StatsPlan, Map<string, string>>();
  /** Rounds whose stored scores are being written by this process (see `storeMissingScores`). */
  private readonly scoring = new Set<number>();

  constructor(
    private readonly deps: {
      /** The primary's statistics queries: what the cache writes, and every read without a replica. */
      repository: StatsRepository;
      cache: StatsCache;
      /** Decides, per reader, whether the replica may answer (the primary always, without one), and counts where reads went. */
      routing: Pick<ReadRouting, 'targetFor' | 'replicaFailed'>;
      /**
       * A streaming replica's statistics queries, used when the routing allows: the replica has
       * replayed the reader's last write. A read it fails for its connection is made again on the primary.
       */
      replica?: StatsRepository | undefined;
      /** The caller's subscription: the handicap index's history is Basic's. */
      subscriptionOf: (caller: Caller) => Promise<SubscriptionBody | null>;
      /**
       * Read a first ask's rounds beside its plan (below): for a database that answers several queries at
       * once. On one connection the rounds would only queue behind the plan, and be read for nothing when
       * the answer is cached.
       */
      readAhead?: boolean;
      /**
       * Where the stored scores of rounds that had none under the current definitions (rounds written
       * before they were stored, or under other definitions) are written, after the answer has gone.
       */
      after?: { background: BackgroundWork; onError: (err: unknown) => void };
    },
  ) {}

  /** The statistic's response body, as JSON text (checked against @holeout/contracts' statsResponses when computed). */
  async stat(caller: Caller, name: StatName, query: StatsQuery): Promise<string> {
    const [body] = await this.stats(caller, [name], query);
    return body!;
  }

  /**
   * Several statistics of one selection (a report's), in the order asked: one plan, one cache
   * read and, for those not cached, one scoring of the rounds and one cache write.
   */
  async stats(caller: Caller, names: readonly StatName[], query: StatsQuery): Promise<string[]> {
    return this.read(caller.uid, (repository) => this.statsFrom(repository, caller, names, query));
  }

  /**
   * `work` on the database the reader may read from: the replica when it has replayed their last
   * write, otherwise (and when the replica's connection fails) the primary.
   */
  private async read<T>(uid: number, work: (repository: StatsRepository) => Promise<T>): Promise<T> {
    const { replica, routing } = this.deps;
    if ((await routing.targetFor(uid)) === 'primary' || !replica) return work(this.deps.repository);
    try {
      return await work(replica);
    } catch (err) {
      if (!isConnectionLost(err)) throw err;
      routing.replicaFailed(err);
      return work(this.deps.repository);
    }
  }

  private async statsFrom(repository: StatsRepository, caller: Caller, names: readonly StatName[], query: StatsQuery): Promise<string[]> {
    const players = query.players ? [...new Set(query.players)] : query.rounds ? undefined : [caller.uid];
    const memoKey = planKey(caller.uid, query.rounds, players);
    // The first ask for these players in this process (no plan remembered): their newest rounds load
    // beside the plan rather than after it. Only rounds the plan keeps, at the version it keeps, are
    // used (`countedRounds`); the rest are dropped unseen, and a cached answer drops them all. Strokes
    // gained alone against a level reads no shots at all (`sgFromStoredScores`), so nothing is read ahead for it.
    const fromStoredScores = query.benchmark !== 'CUSTOM' && names.every((name) => name === 'sg');
    const readAhead =
      this.deps.readAhead && !fromStoredScores && players && !query.rounds && this.plans.get(memoKey) === undefined
        ? repository.versionedRounds({ owners: players }, STATS_MAX_ROUNDS)
        : undefined;
    readAhead?.catch(() => undefined);
    const plan = await this.plan(repository, memoKey, caller.uid, query.rounds, players);
    if (players) {
      const visible = new Set(plan.visible);
      const hidden = players.find((player) => !visible.has(player));
      if (hidden !== undefined) throw notFound(`No such player: ${hidden}`);
    }
    // The caller's custom-sg-settings: their boundaries count in every statistic, their target with CUSTOM.
    const { benchmark, boundaries } = resolveBenchmark(query.benchmark, caller.user.benchmark, plan.custom);
    // Anything cut: a round past the limits, or candidates beyond the cap.
    const limited = plan.kept.length < plan.candidates || plan.candidates >= CANDIDATE_ROUNDS;
    // Everything the numbers depend on: a round edited, added, removed or unshared changes the key.
    const inputKey = this.inputKey(plan, [this.version, benchmark, boundaries ?? null, limited]);
    const keyOf = (name: StatName) => `${name}:${inputKey}`;
    const nameOf = new Map(names.map((name) => [keyOf(name), name]));
    return this.deps.cache.getMany(names.map(keyOf), async (missing) => {
      const bodies = new Map<string, string>();
      // Strokes gained against a benchmark level with the default boundaries: the counted rounds'
      // stored scores added up, when every one of them has its scores under these definitions.
      const level =
        typeof benchmark === 'string' && !boundaries && missing.every((key) => nameOf.get(key) === 'sg') ? benchmark : undefined;
      const stored = level === undefined ? undefined : await this.sgFromStoredScores(repository, plan.kept, level, limited);
      if (stored?.body !== undefined) {
        for (const key of missing) bodies.set(key, stored.body);
        return bodies;
      }
      const input = await this.prepare(repository, inputKey, plan.kept, benchmark, boundaries, readAhead);
      if (stored) this.storeMissingScores(stored.unscored);
      for (const key of missing) {
        const name = nameOf.get(key)!;
        bodies.set(key, JSON.stringify(statsResponses[name].parse(STAT_FUNCTIONS[name]({ ...input, limited: input.limited || limited }))));
      }
      return bodies;
    });
  }

  /**
   * GET /stats/sg's body from the counted rounds' stored scores against `level` (round_scores), or,
   * when some round has none under the current definitions, no body and the rounds that have none.
   * The rounds are cut and ordered as `prepareStats` does (`limitRounds`), so the sums run in the same
   * order as the engine's and the figures are the same to the last bit.
   */
  private async sgFromStoredScores(
    repository: StatsRepository,
    kept: StatsPlan['kept'],
    level: BenchmarkLevel,
    limited: boolean,
  ): Promise<{ body?: string; unscored: number[] }> {
    const rows = await repository.storedRoundSg(
      kept.map(([eventId]) => eventId),
      level,
      this.version,
    );
    if (rows.length < kept.length) {
      const scored = new Set(rows.map((row) => row.event_id));
      return { unscored: kept.map(([eventId]) => eventId).filter((eventId) => !scored.has(eventId)) };
    }
    const { rounds, limited: cut } = limitRounds(rows);
    const body = sgOfRounds(
      getBaseline(level).id,
      cut || limited,
      rounds.map((row) => ({ uid: row.uid, holes: row.holes, sg: sgFromFigures(row.sg) })),
    );
    return { body: JSON.stringify(statsResponses.sg.parse(body)), unscored: [] };
  }

  /**
   * Writes the stored scores of rounds that had none under the current definitions, from their shots
   * just read (kept in memory by `countedRounds`), a quarter of a second after the answer has gone and
   * a batch at a time, so scoring 300 rounds against six benchmarks (some 60 ms of work) never holds
   * the process for long. The next request for them adds the stored scores up.
   */
  private storeMissingScores(eventIds: readonly number[]): void {
    const { after, repository } = this.deps;
    const todo = eventIds.filter((eventId) => !this.scoring.has(eventId));
    if (!after || todo.length === 0) return;
    for (const eventId of todo) this.scoring.add(eventId);
    after.background.run(async () => {
      try {
        // Low-priority work: what is waiting on the process (the answer's client among it) goes first.
        await new Promise((resolve) => setTimeout(resolve, SCORES_AFTER_MS));
        for (let start = 0; start < todo.length; start += SCORES_BATCH) {
          await new Promise((resolve) => setImmediate(resolve));
          const rows = todo.slice(start, start + SCORES_BATCH).flatMap((eventId) => {
            const known = this.roundsRead.get(eventId);
            return known ? roundScoreRows(eventId, known.round.round) : [];
          });
          await repository.storeRoundScores(rows);
        }
      } finally {
        for (const eventId of todo) this.scoring.delete(eventId);
      }
    }, after.onError);
  }

  /** The cache key of a plan's rounds under these settings; hashed once per remembered plan. */
  private inputKey(plan: StatsPlan, settings: unknown[]): string {
    const settingsKey = JSON.stringify(settings);
    let known = this.inputKeys.get(plan);
    if (!known) this.inputKeys.set(plan, (known = new Map()));
    let key = known.get(settingsKey);
    if (key === undefined) known.set(settingsKey, (key = statsCacheKey([settings, plan.kept])));
    return key;
  }

  /**
   * The viewer's plan for a selection: remembered with the statistics epoch it was read at and
   * reused while the epoch is unchanged (one tiny query instead of judging every round's
   * visibility again); read afresh otherwise.
   */
  private async plan(
    repository: StatsRepository,
    memoKey: string,
    viewer: number,
    rounds: number[] | undefined,
    players: number[] | undefined,
  ): Promise<StatsPlan> {
    const remembered = this.plans.get(memoKey);
    // The epoch only grows, on the primary and (later) on its replica alike: equal epochs mean the same plan.
    if (remembered && remembered.epoch === (await repository.statsEpochNow())) return remembered;
    const plan = await repository.statsPlan(
      viewer,
      { eventIds: rounds, owners: players, players },
      { maxCandidates: CANDIDATE_ROUNDS, maxPlayers: STATS_MAX_PLAYERS, maxRounds: STATS_MAX_ROUNDS },
    );
    this.plans.set(memoKey, plan);
    return plan;
  }

  /** The selection's rounds loaded in one query and scored once; the last few stay in memory. */
  private prepare(
    repository: StatsRepository,
    inputKey: string,
    kept: StatsPlan['kept'],
    benchmark: BenchmarkRef,
    boundaries: CustomSgSettings['boundaries'] | undefined,
    readAhead?: Promise<Array<{ version: string; round: PlayerRound }>>,
  ): Promise<StatsInput> {
    const known = this.prepared.get(inputKey);
    if (known) return known;
    const work = (async () => {
      const rounds = await this.countedRounds(repository, kept, readAhead);
      return prepareStats(rounds, { benchmark, ...(boundaries ? { boundaries } : {}) });
    })();
    work.catch(() => this.prepared.delete(inputKey));
    this.prepared.set(inputKey, work);
    return work;
  }

  /**
   * The counted rounds, newest first (as `roundsForStatistics` orders them, which `limitRounds`
   * relies on): those read before at the same version from memory, the rest in one query.
   */
  private async countedRounds(
    repository: StatsRepository,
    kept: StatsPlan['kept'],
    readAhead?: Promise<Array<{ version: string; round: PlayerRound }>>,
  ): Promise<PlayerRound[]> {
    const rounds: PlayerRound[] = [];
    let missing: number[] = [];
    const versions = new Map<number, string>();
    for (const [eventId, version] of kept) {
      versions.set(eventId, version);
      const known = this.roundsRead.get(eventId);
      if (known?.version === version) rounds.push(known.round);
      else missing.push(eventId);
    }
    if (missing.length > 0 && readAhead) {
      // Of the rounds read ahead of the plan: those it keeps, at the version it keeps them at.
      const wanted = new Set(missing);
      for (const { version, round } of await readAhead.catch(() => [])) {
        if (!wanted.has(round.event_id) || versions.get(round.event_id) !== version) continue;
        wanted.delete(round.event_id);
        this.roundsRead.set(round.event_id, { version, round });
        rounds.push(round);
      }
      missing = missing.filter((eventId) => wanted.has(eventId));
    }
    if (missing.length > 0) {
      for (const round of await repository.roundsForStatistics({ eventIds: missing }, missing.length)) {
        this.roundsRead.set(round.event_id, { version: versions.get(round.event_id)!, round });
        rounds.push(round);
      }
    }
    // Newest first, the later id first at the same start.
    return rounds.sort((a, b) => (a.start === b.start ? b.event_id - a.event_id : a.start < b.start ? 1 : -1));
  }

  /**
   * The rounds of one player the caller may see, newest first (at most 3,000), within the period
   * when one is given: `from` and `to` are whole days in UTC, both included. What a report counts
   * is chosen from these; a player with none the caller may see is no player to them.
   */
  async roundsOf(caller: Caller, player: number, period: { from?: string | undefined; to?: string | undefined }) {
    const day = 86_400_000;
    return this.read(caller.uid, (repository) =>
      repository.visibleRoundsOf(
        caller.uid,
        player,
        {
          from: period.from ? new Date(`${period.from}T00:00:00Z`) : undefined,
          before: period.to ? new Date(new Date(`${period.to}T00:00:00Z`).getTime() + day) : undefined,
        },
        CANDIDATE_ROUNDS,
      ),
    );
  }

  /**
   * The World Handicap System index of each player asked for (the caller by default), from their
   * rounds with a course rating and slope that the caller may see: a player the caller may not see
   * is a 404, as for every statistic.
   */
  async handicap(caller: Caller, query: HandicapQuery, options: { history?: boolean } = {}): Promise<HandicapResponse> {
    return this.read(caller.uid, (repository) => this.handicapFrom(repository, caller, query, options));
  }

  private async handicapFrom(
    repository: StatsRepository,
    caller: Caller,
    query: HandicapQuery,
    options: { history?: boolean },
  ): Promise<HandicapResponse> {
    const players = query.players ? [...new Set(query.players)] : [caller.uid];
    if (players.length > STATS_MAX_PLAYERS)
      throw new ApiError(400, 'VALIDATION_ERROR', `players: at most ${STATS_MAX_PLAYERS} players`, [
        { field: 'players', message: `at most ${STATS_MAX_PLAYERS} players`, in: 'query' },
      ]);
    const plan = await this.plan(repository, planKey(caller.uid, undefined, players), caller.uid, undefined, players);
    const visible = new Set(plan.visible);
    const hidden = players.find((player) => !visible.has(player));
    if (hidden !== undefined) throw notFound(`No such player: ${hidden}`);
    // The indexes are a function of the players' visible rounds, so they are cached under the plan's
    // rounds like every statistic; only when the plan was cut by the limits is that not the whole set.
    const limited = plan.kept.length < plan.candidates || plan.candidates >= CANDIDATE_ROUNDS;
    const compute = async () => JSON.stringify(await this.handicapsOf(repository, caller, players));
    const [body, subscription] = await Promise.all([
      limited ? compute() : this.deps.cache.get(`handicap:${this.inputKey(plan, [this.version, 'handicap', players])}`, compute),
      options.history === false ? null : this.deps.subscriptionOf(caller),
    ]);
    const response = JSON.parse(body) as HandicapResponse;
    // The current index is everyone's; its history (and the chart drawn from it) comes with Basic.
    if (!hasBasicAccess(subscription as Pick<Subscription, 'level' | 'status'> | null))
      for (const player of response.players) player.history = null;
    return response;
  }

  /** Each player's index from their rated rounds the caller may see, with its history. */
  private async handicapsOf(repository: StatsRepository, caller: Caller, players: number[]): Promise<HandicapResponse> {
    const rated = await repository.ratedRounds(caller.uid, players, HANDICAP_ROUNDS);
    return {
      players: players.map((uid): PlayerHandicap => {
        const own = rated.filter((r) => r.uid === uid);
        const result = computeHandicapIndex(own.map((r) => ({ id: r.event_id, date: r.start, round: r.round })));
        return {
          uid,
          index: result.index,
          rounds_used: result.rounds_used,
          method: result.method.description,
          low_index: result.low_index,
          capped: result.capped,
          differentials: result.differentials.map((d) => ({
            event_id: d.id,
            date: d.date,
            holes: d.holes,
            adjusted_gross: d.adjusted_gross,
            course_rating: d.course_rating,
            slope: d.slope,
            differential: d.differential,
            counted: d.counted,
            method: d.method,
          })),
          history: result.history,
          rated_rounds: own.length,
        };
      }),
    };
  }
}
