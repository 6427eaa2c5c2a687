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

  /** To an account made with a provider that asked, signed in, for a first password. */
  setPasswordCode: (to: string, code: string): MailMessage => ({
    to,
    purpose: 'password',
    subject: `Your Holeout code to set a password: ${code}`,
    text: `You asked in My Profile to set a password for your Holeout account, so you can also log in with your e-mail address.\n\nYour code is: ${code}\n\nEnter it in My Profile with the new password. The code expires in ${CODE_LIFETIME_WORDS}.\n\nIf you did not ask for this, ignore this mail: nothing changes.\n`,
  }),

  /** To an account without a password whose owner asked to delete it. */
  deleteAccountCode: (to: string, code: string): MailMessage => ({
    to,
    purpose: 'delete',
    subject: `Your Holeout code to delete your account: ${code}`,
    text: `You asked in My Profile to delete your Holeout account and all its rounds, practice and statistics.\n\nYour code is: ${code}\n\nEnter it in My Profile to confirm. The code expires in ${CODE_LIFETIME_WORDS}. Deleting cannot be undone.\n\nIf you did not ask for this, ignore this mail: nothing is deleted.\n`,
  }),

  /** After a provider was linked or unlinked (ASVS 2.5.5: the owner hears of every change to a way in). */
  signInMethodChanged: (to: string, providerName: string, change: 'linked' | 'unlinked'): MailMessage => ({
    to,
    purpose: 'notice',
    subject:
      change === 'linked'
        ? `${providerName} can now sign in to your Holeout account`
        : `${providerName} was unlinked from your Holeout account`,
    text:
      change === 'linked'
        ? `Sign-in with ${providerName} was just linked to your Holeout account in My Profile.\n\nIf this was not you, log in, unlink ${providerName} in My Profile and change your password.\n`
        : `Sign-in with ${providerName} was just unlinked from your Holeout account in My Profile; it no longer signs in to it.\n\nIf this was not you, log in and check the sign-in methods in My Profile.\n`,
  }),
};
