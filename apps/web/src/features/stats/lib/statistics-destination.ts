/**
 * Where Statistics goes for a user with no rounds of their own to count. A coach's statistics are
 * their players' (the team view of their group, which offers their players when the group is
 * empty), so a coach is never sent to no-stats; a player is, to be told how to add a round.
 */
import { paths, type AppPath } from '../../../lib/paths.ts';

export function noRoundsDestination(user: { is_coach: boolean }): AppPath {
  return user.is_coach ? paths.teamScoring : paths.noStats;
}
