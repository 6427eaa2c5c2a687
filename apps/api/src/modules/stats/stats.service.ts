import { limitRounds, prepareStats, STAT_FUNCTIONS, type AllStats, type BenchmarkLevel, type BenchmarkRef, type StatName } from '@holeout/golf';
import type { CustomSgSettings, StatsQuery } from '@holeout/contracts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { EventsRepository } from '../events/events.repository.ts';

/** How many visible rounds are read (ids only) before the spec's limits pick the 300 counted. */
const CANDIDATE_ROUNDS = 3000;

/**
 * Statistics over the rounds the caller may see (spec section 7; api-contract.md): the selected
 * rounds, or every round of the players asked for (the caller by default). One query picks the
 * candidates, the spec's limits (15 players, 300 rounds) choose the counted ones, one query loads
 * their shots, and the engine scores each once.
 */
export class StatsService {
  constructor(private readonly deps: { events: EventsRepository; customSg: (caller: Caller) => Promise<CustomSgSettings | null> }) {}

  async stat<K extends StatName>(caller: Caller, name: K, query: StatsQuery): Promise<AllStats[K]> {
    const players = query.players ? [...new Set(query.players)] : query.rounds ? undefined : [caller.uid];
    if (players) {
      const visible = await this.deps.events.visiblePlayers(caller.uid, players);
      const hidden = players.find((player) => !visible.has(player));
      if (hidden !== undefined) throw notFound(`No such player: ${hidden}`);
    }
    // The caller's custom-sg-settings: their boundaries count in every statistic, their target with CUSTOM.
    const custom = await this.deps.customSg(caller);
    if (query.benchmark === 'CUSTOM' && !custom) {
      throw new ApiError(400, 'VALIDATION_ERROR', 'benchmark: save a custom target in Strokes gained settings before choosing CUSTOM', [{ field: 'benchmark', message: 'no custom target saved', in: 'query' }]);
    }
    const benchmark: BenchmarkRef =
      query.benchmark === 'CUSTOM' && custom
        ? 'score' in custom.target
          ? { targetScore: custom.target.score }
          : { handicapIndex: custom.target.handicap_index, courseRating: custom.target.course_rating, slope: custom.target.slope }
        : ((query.benchmark === 'CUSTOM' ? undefined : query.benchmark) ?? (caller.user.benchmark as BenchmarkLevel));
    const candidates = await this.deps.events.visibleRoundRefs(caller.uid, { ...(query.rounds ? { eventIds: query.rounds } : {}), ...(players ? { owners: players } : {}) }, CANDIDATE_ROUNDS);
    const kept = limitRounds(candidates);
    const rounds = kept.rounds.length === 0 ? [] : await this.deps.events.roundsForStatistics({ eventIds: kept.rounds.map((r) => r.event_id) }, kept.rounds.length);
    const input = prepareStats(rounds, { benchmark, ...(custom ? { boundaries: custom.boundaries } : {}) });
    return STAT_FUNCTIONS[name]({ ...input, limited: input.limited || kept.limited || candidates.length === CANDIDATE_ROUNDS });
  }
}
