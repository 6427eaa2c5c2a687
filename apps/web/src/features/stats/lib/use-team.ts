/**
 * The coach's saved group (settings.group) and the team it makes, and the statistics of that team:
 * every team view asks each statistic for the team's players over all rounds they share with the
 * coach (the Events selection is the coach's own, not the team's).
 */
import type { StatEndpoint } from '@holeout/contracts';
import { useSavedGroup } from '../../../lib/saved-group.ts';
import { useStat } from '../api/stats.ts';
import { usePeople } from '../../../lib/people.ts';
import { buildTeam, type Team } from './team-members.ts';

export type TeamState = { state: 'loading' } | { state: 'error' } | { state: 'empty' } | { state: 'ready'; team: Team };

/** The team views' players: loading, the settings failed, no group saved, or the team. */
export function useTeam(): TeamState {
  const { group, isError } = useSavedGroup();
  const people = usePeople();
  if (isError) return { state: 'error' };
  if (group === undefined) return { state: 'loading' };
  if (group.length === 0) return { state: 'empty' };
  if (people.isPending) return { state: 'loading' };
  // Without the list of people the names are unknown, but the figures can still be asked for.
  return { state: 'ready', team: buildTeam(group, people.data?.people) };
}

/** One statistic for the team's players, against the benchmark of the switch. */
export function useTeamStat<K extends StatEndpoint>(name: K, team: Team) {
  return useStat(name, { players: team.uids, rounds: undefined });
}
