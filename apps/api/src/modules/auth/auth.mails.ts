import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { CODE_LIFETIME_WORDS } from './auth.policy.ts';

/** Every mail of signing up and signing in, in one place so their wording stays consistent. */
export const authMails = {
  verifyCode: (to: string, code: string): MailMessage => ({
    to,
    purpose: 'verify',
    subject: `Your Holeout verification code: ${code}`,
    text: `Welcome to Holeout!\n\nYour verification code is: ${code}\n\nEnter it in the app to confirm your e-mail address. The code expires in ${CODE_LIFETIME_WORDS}.\n\nIf you did not create a Holeout account, ignore this mail.\n`,
  }),

  resetCode: (to: string, code: string): MailMessage => ({
    to,
    purpose: 'reset',
    subject: `Your Holeout password reset code: ${code}`,
    text: `Someone asked to reset the password of your Holeout account.\n\nYour reset code is: ${code}\n\nEnter it in the app together with your new password. The code expires in ${CODE_LIFETIME_WORDS}.\n\nIf you did not ask for this, ignore this mail: your password stays as it is.\n`,
  }),

  /** To the owner of a verified address that someone tried to register again. */
  registrationAttempt: (to: string): MailMessage => ({
    to,
    purpose: 'notice',
    subject: 'Someone tried to create a Holeout account with your address',
    text: `Someone tried to create a new Holeout account with this e-mail address, which already has an account.\n\nIf it was you: log in with your password, or use "Forgot password" on the login page to set a new one.\n\nIf it was not you, nothing has changed and you need do nothing.\n`,
  }),

  /** After a password change or reset (ASVS 2.5.5). */
  passwordChanged: (to: string, how: 'change' | 'reset'): MailMessage => ({
    to,
    purpose: 'notice',
    subject: 'Your Holeout password was changed',
    text:
      how === 'reset'
        ? `The password of your Holeout account was just reset with a code sent to this address, and every session was signed out.\n\nIf this was not you, reset it again now from the login page ("Forgot password").\n`
        : `The password of your Holeout account was just changed in My Profile. Other sessions were signed out.\n\nIf this was not you, reset it now from the login page ("Forgot password").\n`,
  }),
};
