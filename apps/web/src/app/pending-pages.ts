import { paths, type AppPath } from './paths.ts';

/** Routes registered now whose pages come in later issues: what each will hold. */
export interface PendingPage {
  title: string;
  willHold: string;
}

export const PENDING_PAGES: Partial<Record<AppPath, PendingPage>> = {
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
  [paths.orgInfo]: { title: 'Organisation', willHold: 'the organisations you belong to, with the option to leave one.' },
  [paths.subscriptions]: { title: 'Subscribe', willHold: 'the plans (basic, premium, coach, team, academy) and subscribing to one.' },
  [paths.notifications]: { title: 'Notifications', willHold: 'your notifications, newest first, with marking them read.' },
  [paths.notificationSettings]: { title: 'Notification settings', willHold: 'which notifications you receive.' },
  [paths.drillresults]: { title: 'Drill results', willHold: 'your results for a drill over time.' },
  [paths.drillresultsTeam]: { title: 'Team drill results', willHold: 'the results of a drill for the players of your team.' },
  [paths.drillprogress]: { title: 'Drill progress', willHold: 'charts of how your drill results change.' },
  [paths.aiCoach]: { title: 'AI Coach', willHold: 'an AI diagnosis of the weakest areas of your game from your strokes gained.' },
  [paths.aiCoachDiagnosis]: { title: 'Diagnosis', willHold: 'one AI diagnosis: the category it found and practice suggestions for it.' },
  [paths.tagManager]: { title: 'Tags', willHold: 'the tags you use to group events, and sharing them.' },
  [paths.group]: { title: 'Group', willHold: 'a group of players and the statistics you follow for them.' },
};
