import { paths, type AppPath } from './paths.ts';

/** Routes registered now whose pages come in later issues: what each will hold. */
export interface PendingPage {
  title: string;
  willHold: string;
}

export const PENDING_PAGES: Partial<Record<AppPath, PendingPage>> = {
  [paths.drill]: { title: 'Drill', willHold: 'one drill: its description, the fields each attempt records, and sharing.' },
  [paths.drills]: { title: 'Drills', willHold: 'your drill library and the drills shared with you.' },
  [paths.calendar]: { title: 'Calendar', willHold: 'your events by day, week and month.' },
  [paths.subscriptions]: { title: 'Subscribe', willHold: 'the plans (basic, premium, coach, team, academy) and subscribing to one.' },
  [paths.drillresults]: { title: 'Drill results', willHold: 'your results for a drill over time.' },
  [paths.drillresultsTeam]: { title: 'Team drill results', willHold: 'the results of a drill for the players of your team.' },
  [paths.drillprogress]: { title: 'Drill progress', willHold: 'charts of how your drill results change.' },
  [paths.aiCoach]: { title: 'AI Coach', willHold: 'an AI diagnosis of the weakest areas of your game from your strokes gained.' },
  [paths.aiCoachDiagnosis]: { title: 'Diagnosis', willHold: 'one AI diagnosis: the category it found and practice suggestions for it.' },
  [paths.tagManager]: { title: 'Tags', willHold: 'the tags you use to group events, and sharing them.' },
};
