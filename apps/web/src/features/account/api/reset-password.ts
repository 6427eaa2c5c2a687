import { useMutation } from '@tanstack/react-query';
import type { OkResponse, PasswordResetBody } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /account/password_reset: sets a new password with the mailed code. */
export function resetPassword(body: PasswordResetBody): Promise<OkResponse> {
  return apiClient.post('/account/password_reset', body, { auth: false, fallbackMessage: 'Could not reset the password' });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
