import { useMutation } from '@tanstack/react-query';
import type { OkResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /account/regencode?email: mails a fresh verification code. */
export function resendVerificationCode(email: string): Promise<OkResponse> {
  return apiClient.get('/account/regencode', { auth: false, query: { email }, fallbackMessage: 'Could not send a new code' });
}

export function useResendVerificationCode() {
  return useMutation({ mutationFn: resendVerificationCode });
}
