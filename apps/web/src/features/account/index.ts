/** What other features use of the account feature: saving the user's settings (the coach's team group). */
export { useSaveSettings } from './api/save-settings.ts';
