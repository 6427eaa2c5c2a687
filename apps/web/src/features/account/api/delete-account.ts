import { useMutation } from '@tanstack/react-query';
import type { OkResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';

/** DELETE /account (the device registration goes first), then a local logout: the token is gone too. */
export async function deleteAccount(): Promise<void> {
  await session.removeDevice();
  await apiClient.delete<OkResponse>('/account', { fallbackMessage: 'Could not delete the account' });
  await session.logoutToLogin({ callServer: false });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
