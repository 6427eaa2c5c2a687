import { paths, type AppPath } from './paths.ts';

/** Routes registered now whose pages come in later issues: what each will hold. */
export interface PendingPage {
  title: string;
  willHold: string;
}

export const PENDING_PAGES: Partial<Record<AppPath, PendingPage>> = {
  [paths.home]: { title: 'Statistics', willHold: 'your strokes gained by category, scoring, putting, short game, approach and driving statistics, for all rounds or the rounds you select.' },
  [paths.missStats]: { title: 'Miss statistics', willHold: 'where your putts and approach shots miss: long, short, left and right grids, and misses outside the green.' },
  [paths.orgManagement]: { title: 'Org. Management', willHold: 'your organisation: its name and logo, coach and player seats, members and invitations.' },
  [paths.invite]: { title: 'Invitation', willHold: 'an invitation to join an organisation or team, to accept or decline.' },
  [paths.drill]: { title: 'Drill', willHold: 'one drill: its description, the fields each attempt records, and sharing.' },
  [paths.drills]: { title: 'Drills', willHold: 'your drill library and the drills shared with you.' },
  [paths.calendar]: { title: 'Calendar', willHold: 'your events by day, week and month.' },
  [paths.teamScoring]: { title: 'Team scoring', willHold: 'scoring statistics for the players of your team side by side.' },
  [paths.teamPutting]: { title: 'Team putting', willHold: 'putting statistics for the players of your team side by side.' },
  [paths.teamShortgame]: { title: 'Team short game', willHold: 'chipping and up-and-down statistics for the players of your team.' },
  [paths.teamApproach]: { title: 'Team approach', willHold: 'approach statistics for the players of your team.' },
  [paths.teamDrives]: { title: 'Team driving', willHold: 'driving distance and fairway statistics for the players of your team.' },
  [paths.noStats]: { title: 'No statistics yet', willHold: 'a short guide for when there are no rounds to compute statistics from.' },
  [paths.orgInfo]: { title: 'Organisation', willHold: 'the organisations you belong to, with the option to leave one.' },
  [paths.playerScoring]: { title: 'Scoring', willHold: 'your scores, par averages and greens in regulation.' },
  [paths.playerPutting]: { title: 'Putting', willHold: 'your putts made and missed by distance, first-putt distances and strokes gained putting.' },
  [paths.playerShortgame]: { title: 'Short game', willHold: 'your chips from fairway, rough and sand, and up-and-down percentages.' },
  [paths.playerApproach]: { title: 'Approach', willHold: 'your approach shots from 50 to 100, 100 to 150 and over 150 yards.' },
  [paths.playerDrives]: { title: 'Driving', willHold: 'your drive distances and fairways hit, missed left and missed right.' },
  [paths.subscriptions]: { title: 'Subscribe', willHold: 'the plans (basic, premium, coach, team, academy) and subscribing to one.' },
  [paths.notifications]: { title: 'Notifications', willHold: 'your notifications, newest first, with marking them read.' },
  [paths.notificationSettings]: { title: 'Notification settings', willHold: 'which notifications you receive.' },
  [paths.drillresults]: { title: 'Drill results', willHold: 'your results for a drill over time.' },
  [paths.drillresultsTeam]: { title: 'Team drill results', willHold: 'the results of a drill for the players of your team.' },
  [paths.drillprogress]: { title: 'Drill progress', willHold: 'charts of how your drill results change.' },
  [paths.aiCoach]: { title: 'AI Coach', willHold: 'an AI diagnosis of the weakest areas of your game from your strokes gained.' },
  [paths.aiCoachDiagnosis]: { title: 'Diagnosis', willHold: 'one AI diagnosis: the category it found and practice suggestions for it.' },
  [paths.customSgSettings]: { title: 'Strokes gained settings', willHold: 'choosing the benchmark your strokes gained are measured against.' },
  [paths.tagManager]: { title: 'Tags', willHold: 'the tags you use to group events, and sharing them.' },
  [paths.group]: { title: 'Group', willHold: 'a group of players and the statistics you follow for them.' },
};
