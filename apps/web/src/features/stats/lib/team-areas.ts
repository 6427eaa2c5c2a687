/**
 * The five team views and the player pages they lead to: one part of the game each, the same
 * parts as the player statistics pages.
 */
import { paths } from '../../../lib/paths.ts';

export type TeamArea = 'scoring' | 'putting' | 'shortgame' | 'approach' | 'drives';

export interface TeamAreaInfo {
  area: TeamArea;
  /** The part of the game, as the tabs name it. */
  label: string;
  /** The page heading. */
  title: string;
  team: string;
  /** The player page of the same part, opened for one player with ?uid=. */
  player: string;
}

export const TEAM_AREAS: readonly TeamAreaInfo[] = [
  { area: 'scoring', label: 'Scoring', title: 'Team scoring', team: paths.teamScoring, player: paths.playerScoring },
  { area: 'putting', label: 'Putting', title: 'Team putting', team: paths.teamPutting, player: paths.playerPutting },
  { area: 'shortgame', label: 'Short game', title: 'Team short game', team: paths.teamShortgame, player: paths.playerShortgame },
  { area: 'approach', label: 'Approach', title: 'Team approach', team: paths.teamApproach, player: paths.playerApproach },
  { area: 'drives', label: 'Driving', title: 'Team driving', team: paths.teamDrives, player: paths.playerDrives },
];

export function teamArea(area: TeamArea): TeamAreaInfo {
  return TEAM_AREAS.find((info) => info.area === area)!;
}

/** One player's page of this part of the game: /player-putting?uid=21. */
export function playerPagePath(area: TeamArea, uid: number): string {
  return `${teamArea(area).player}?uid=${uid}`;
}
