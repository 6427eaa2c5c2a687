import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@holeout/contracts';
import { apiClient } from './api-client.ts';

/**
 * GET /people: everyone the caller shares an organisation or an item with, kept once under
 * ['people'] for every page that names people (team views, a player's statistics, sharing).
 * Quiet: the pages show their own error, and a missing name reads 'Unknown'.
 */
export const peopleQuery = () =>
  queryOptions({
    queryKey: ['people'],
    queryFn: () => apiClient.get<{ people: Person[] }>('/people', { quiet: true }),
    staleTime: 5 * 60_000,
  });

export function usePeople(enabled = true) {
  return useQuery({ ...peopleQuery(), enabled });
}

/**
 * The name to show for a person, the one rule for every page: first and last name; without either,
 * their e-mail when the answer carries one (organisation members); 'Unknown' for a person missing
 * from the list or with neither.
 */
export function personName(person: (Pick<Person, 'first_name' | 'last_name'> & { email?: string | null }) | undefined): string {
  const name = person ? `${person.first_name} ${person.last_name}`.trim() : '';
  return name || person?.email || 'Unknown';
}

/** The name of the person `uid`: undefined while the list loads, 'Unknown' when they are not in it. */
export function usePersonName(uid: number | null): string | undefined {
  const people = usePeople(uid !== null);
  if (uid === null) return undefined;
  if (people.isError) return personName(undefined);
  if (!people.data) return undefined;
  return personName(people.data.people.find((person) => person.uid === uid));
}
