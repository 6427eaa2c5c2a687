/**
 * For a coach-level user: whose game AI Coach looks at, themself or one of their players (the
 * players GET /people lists, who share an organisation or rounds with them: the only players whose
 * rounds a coach may be shown). A native select: one thumb on a phone, the keyboard on a desktop.
 */
import { Loader, NativeSelect } from '@mantine/core';
import type { Person } from '@holeout/contracts';
import { personName, usePeople } from '../../../lib/people.ts';

/** The players a coach may pick: not coaches, by name, with a player asked for by address kept even when unlisted. */
export function pickablePlayers(people: readonly Person[], chosen: number | null, me: number): Array<{ uid: number; name: string }> {
  const players = people
    .filter((person) => !person.is_coach && person.uid !== me)
    .map((person) => ({ uid: person.uid, name: personName(person) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.uid - b.uid);
  if (chosen !== null && chosen !== me && !players.some((player) => player.uid === chosen)) {
    players.push({ uid: chosen, name: personName(people.find((person) => person.uid === chosen)) });
  }
  return players;
}

export function PlayerPicker({ me, chosen, onChoose }: { me: number; chosen: number; onChoose: (uid: number) => void }) {
  const people = usePeople();
  const players = pickablePlayers(people.data?.people ?? [], chosen, me);
  return (
    <NativeSelect
      label="Player"
      description={
        people.isError
          ? 'Your players could not be loaded.'
          : players.length === 0 && !people.isPending
            ? 'Players who share their rounds with you, or are in your organisation, appear here.'
            : 'Yourself, or a player who shares their rounds with you.'
      }
      size="md"
      maw={420}
      value={String(chosen)}
      onChange={(event) => onChoose(Number(event.currentTarget.value))}
      rightSection={people.isPending ? <Loader size="xs" aria-label="Loading your players" /> : undefined}
      data={[{ value: String(me), label: 'You' }, ...players.map((player) => ({ value: String(player.uid), label: player.name }))]}
    />
  );
}
