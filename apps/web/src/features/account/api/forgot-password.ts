import { useMutation } from '@tanstack/react-query';
import type { OkResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /account/forgot_password?email: mails a password reset code. */
export function requestPasswordReset(email: string): Promise<OkResponse> {
  return apiClient.get('/account/forgot_password', { auth: false, query: { email }, fallbackMessage: 'Could not send the reset code' });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
