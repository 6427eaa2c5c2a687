/**
 * Who the team views show: the coach's saved group (settings.group, at most 15 players: the
 * statistics count at most 15 at once) named from GET /people, and the players the group page offers. Pure, so each rule
 * has its unit test.
 */
import type { Person } from '@holeout/contracts';
import { playerColour, STATS_MAX_PLAYERS } from '@holeout/golf';
import { personName } from '../../../lib/people.ts';

/** A team view shows at most this many players: the statistics count at most 15 players at once. */
export const MAX_GROUP = STATS_MAX_PLAYERS;

export interface TeamMember {
  uid: number;
  /** First and last name; 'Unknown' for someone GET /people does not list (a missing person reads 'Unknown'). */
  name: string;
  colour: string;
  /** Listed by GET /people: the statistics may be asked about them. */
  listed: boolean;
}

export interface Team {
  /** By name, the unknown last. */
  members: TeamMember[];
  /** The uids the statistics are asked about. */
  uids: number[];
}

/** Names in alphabetical order, 'Unknown' after everyone named, then by uid so the order is stable. */
function byName(a: { name: string; uid: number }, b: { name: string; uid: number }): number {
  const unknown = Number(a.name === personName(undefined)) - Number(b.name === personName(undefined));
  return unknown || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.uid - b.uid;
}

/**
 * The team of a saved group. With `people` (GET /people answered) a uid it does not list shows as
 * 'Unknown' and is not asked about: the statistics refuse a player the coach may not see. Without
 * it (the list failed) everyone is asked about, all unnamed.
 */
export function buildTeam(group: readonly number[], people: readonly Person[] | undefined): Team {
  const byUid = new Map((people ?? []).map((person) => [person.uid, person]));
  const members = [...new Set(group)]
    .map((uid) => ({ uid, name: personName(byUid.get(uid)), colour: playerColour(uid), listed: people === undefined || byUid.has(uid) }))
    .sort(byName);
  return { members, uids: members.filter((member) => member.listed).map((member) => member.uid) };
}

export interface GroupCandidate {
  uid: number;
  name: string;
  colour: string;
  /** In the saved group but not in GET /people any more (left the organisation, stopped sharing). */
  missing: boolean;
}

/**
 * What the group page offers: every player (not coach) of GET /people, and anyone still in the
 * saved group who is not, so they can be unticked.
 */
export function groupCandidates(people: readonly Person[], saved: readonly number[]): GroupCandidate[] {
  const players = people.filter((person) => !person.is_coach);
  const offered = new Set(players.map((person) => person.uid));
  const byUid = new Map(people.map((person) => [person.uid, person]));
  const kept = [...new Set(saved)].filter((uid) => !offered.has(uid));
  return [
    ...players.map((person) => ({ uid: person.uid, name: personName(person), colour: playerColour(person.uid), missing: false })),
    ...kept.map((uid) => ({ uid, name: personName(byUid.get(uid)), colour: playerColour(uid), missing: !byUid.has(uid) })),
  ].sort(byName);
}

/** Letters without accents, lower case: "Ångström" finds "angstrom". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

/** Whether a name matches what was typed in the search box: every word, anywhere in the name. */
export function nameMatches(name: string, search: string): boolean {
  const haystack = folded(name);
  return folded(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The mean of the figures there are (null ones left out): null when there are none. */
export function meanOf(values: ReadonlyArray<number | null | undefined>): number | null {
  const figures = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  return figures.length === 0 ? null : figures.reduce((sum, value) => sum + value, 0) / figures.length;
}

/** A statistic's entries by player: a player without an entry has no rounds counted. */
export function byPlayer<T extends { uid: number }>(entries: readonly T[]): Map<number, T> {
  return new Map(entries.map((entry) => [entry.uid, entry]));
}

/** Rounds counted per player, from GET /v4/stats/summary. */
export function roundsByPlayer(players: ReadonlyArray<{ uid: number; rounds: number }>): Map<number, number> {
  return new Map(players.map((player) => [player.uid, player.rounds]));
}

/** A table column's figure per player from a statistic's entries: undefined for a player without one. */
export function figureOf<T>(
  entries: ReadonlyMap<number, T>,
  pick: (entry: T) => number | null,
): (uid: number) => number | null | undefined {
  return (uid) => {
    const entry = entries.get(uid);
    return entry === undefined ? undefined : pick(entry);
  };
}
