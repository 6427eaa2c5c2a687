import { playerColour } from '@holeout/golf';
import { describe, expect, it } from 'vitest';
import { buildTeam, groupCandidates, meanOf, nameMatches } from './team-members.ts';

const PEOPLE = [
  { uid: 21, first_name: 'Ben', last_name: 'Crenshaw', is_coach: false },
  { uid: 23, first_name: 'Abe', last_name: 'Zorn', is_coach: false },
  { uid: 5, first_name: 'Kim', last_name: 'Coach', is_coach: true },
  { uid: 24, first_name: '', last_name: '', is_coach: false },
];

describe('team members', () => {
  it('names the group from GET /people, Unknown last and not asked about', () => {
    const team = buildTeam([99, 21, 23, 21], PEOPLE);
    expect(team.members.map((member) => [member.uid, member.name, member.listed])).toEqual([
      [23, 'Abe Zorn', true],
      [21, 'Ben Crenshaw', true],
      [99, 'Unknown', false],
    ]);
    expect(team.uids).toEqual([23, 21]);
    expect(team.members[0]!.colour).toBe(playerColour(23));
  });

  it('asks about everyone when the list of people failed', () => {
    expect(buildTeam([21, 99], undefined).uids).toEqual([21, 99]);
  });

  it('offers players only, and keeps a saved uid that is no longer listed as Unknown', () => {
    expect(groupCandidates(PEOPLE, [99]).map((candidate) => [candidate.uid, candidate.name, candidate.missing])).toEqual([
      [23, 'Abe Zorn', false],
      [21, 'Ben Crenshaw', false],
      [24, 'Unknown', false],
      [99, 'Unknown', true],
    ]);
  });

  it('matches every typed word anywhere in the name, ignoring case and accents', () => {
    expect(nameMatches('Åsa Nordström', 'nord asa')).toBe(true);
    expect(nameMatches('Ben Crenshaw', 'ben z')).toBe(false);
    expect(nameMatches('Ben Crenshaw', '  ')).toBe(true);
  });

  it('averages the figures there are', () => {
    expect(meanOf([1, null, 2, undefined, 4.5])).toBe(2.5);
    expect(meanOf([null, undefined])).toBeNull();
  });
});
