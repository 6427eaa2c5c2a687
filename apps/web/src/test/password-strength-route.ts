import { judgePassword } from '@holeout/contracts/password-strength';
import type { Routes } from './fetch-mock.ts';

/** POST /v4/account/password_strength answered as the API answers it: the real judgement of the body's password. */
export const passwordStrengthRoute: Routes = {
  'POST /v4/account/password_strength': ({ init }) => {
    const body = JSON.parse(String(init.body)) as { password: string; personal?: string[] };
    return { json: judgePassword(body.password, body.personal ?? []) };
  },
};
