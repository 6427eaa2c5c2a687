import type { RegisterBody } from '@holeout/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /account/register?method=email: creates the account and mails a verification code. */
export function registerAccount(body: RegisterBody): Promise<{ uid: number }> {
  return apiClient.post('/account/register', body, {
    auth: false,
    query: { method: 'email' },
    fallbackMessage: 'Could not create the account',
  });
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
