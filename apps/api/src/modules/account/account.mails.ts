import type { MailMessage } from '../../integrations/mail/mailer.ts';

const CODE_LIFETIME_WORDS = '15 minutes';

/** Every mail the account feature sends, in one place so their wording stays consistent. */
export const accountMails = {
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

  emailChangeCode: (to: string, code: string): MailMessage => ({
    to,
    purpose: 'email',
    subject: `Confirm your new Holeout e-mail address: ${code}`,
    text: `Someone asked to move a Holeout account to this e-mail address.\n\nYour confirmation code is: ${code}\n\nEnter it in My Profile to finish the change. The code expires in ${CODE_LIFETIME_WORDS}. Until then the account keeps its old address.\n\nIf you did not ask for this, ignore this mail.\n`,
  }),

  /** To the old address when a change to a new one is asked for (ASVS 2.5.5). */
  emailChangeNotice: (to: string, newEmail: string): MailMessage => ({
    to,
    purpose: 'notice',
    subject: 'Your Holeout e-mail address is being changed',
    text: `Someone signed in to your Holeout account asked to change its e-mail address to ${newEmail}.\n\nThe change takes effect only when the code sent to that address is entered. If this was not you, change your password now in My Profile, where you can also end the sessions you do not recognise.\n`,
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
