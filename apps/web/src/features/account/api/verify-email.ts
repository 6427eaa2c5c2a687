import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /account/verify?email&code: confirms the e-mail with the 6-digit code. */
export function verifyEmail(input: { email: string; code: string }): Promise<{ uid: number }> {
  return apiClient.get('/account/verify', { auth: false, query: input, fallbackMessage: 'Could not verify the e-mail' });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
