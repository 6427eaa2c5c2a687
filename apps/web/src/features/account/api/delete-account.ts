import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody, OkResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';

/**
 * DELETE /account (the device registration goes first), then a local logout: the token is gone too.
 * An account without a password confirms with a fresh provider token or a mailed code; a refused
 * provider token is a 401 that must not sign the golfer out ('throw'), and its answer is shown in
 * the dialog (quiet).
 */
export async function deleteAccount(confirmation?: DeleteAccountBody): Promise<void> {
  await session.removeDevice();
  await apiClient.delete<OkResponse>(
    '/account',
    confirmation
      ? { body: confirmation, on401: 'throw', quiet: true, fallbackMessage: 'Could not delete the account' }
      : { fallbackMessage: 'Could not delete the account' },
  );
  await session.logoutToLogin({ callServer: false });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
