import { useMutation } from '@tanstack/react-query';
import type { SettingsUpdate } from '@holeout/contracts';
import { session } from '../../../lib/session/session.ts';

/** POST /account/settings with any subset; the session keeps (and caches) what the server returns. */
export function useSaveSettings() {
  return useMutation({ mutationFn: (update: SettingsUpdate) => session.saveSettings(update) });
}
