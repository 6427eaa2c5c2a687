import { paths, type AppPath } from '../lib/paths.ts';

/** Routes registered now whose pages come in later issues: what each will hold. */
export interface PendingPage {
  title: string;
  willHold: string;
}

export const PENDING_PAGES: Partial<Record<AppPath, PendingPage>> = {
  [paths.aiCoach]: { title: 'AI Coach', willHold: 'an AI diagnosis of the weakest areas of your game from your strokes gained.' },
  [paths.aiCoachDiagnosis]: { title: 'Diagnosis', willHold: 'one AI diagnosis: the category it found and practice suggestions for it.' },
};
