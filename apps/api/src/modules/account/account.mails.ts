import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { CODE_LIFETIME_WORDS } from '../auth/auth.module.ts';

/** Every mail the account feature sends, in one place so their wording stays consistent. */
export const accountMails = {
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
};
