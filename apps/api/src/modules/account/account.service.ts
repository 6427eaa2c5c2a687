import type { Access } from '../../platform/access/access.ts';
import type { FastifyBaseLogger } from 'fastify';
import {
  BENCHMARK_LEVELS,
  DEFAULT_THEME_INDEX,
  DEFAULT_UNITS,
  PAYMENT_SOURCES,
  PLAYER_LEVELS,
  SEAT_LEVEL_VALUES,
  SUBSCRIPTION_LEVELS,
  SUBSCRIPTION_STATUSES,
  UNITS_PAIR_NAMES,
  effectiveDefaultShares,
  type BenchmarkLevel,
  type Shares,
  type PlayerLevel,
  type SubscriptionLevel,
  type UnitsPair,
} from '@holeout/golf';
import { resolveNotify } from '@holeout/contracts';
import type {
  DeleteAccountBody,
  SetPasswordBody,
  Settings,
  SettingsUpdate,
  SubscriptionBody,
  UpdateAccountBody,
  User,
} from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { ApiError, unauthorized } from '../../lib/api-error.ts';
import type { AccountCredentials, Caller } from '../auth/auth.module.ts';
import type { AccountRepository, SavedSettingsRow, SubscriptionRow } from './account.repository.ts';
import { accountMails } from './account.mails.ts';
import { BackgroundWork } from '../../lib/background-work.ts';

export interface AccountServiceDeps {
  repository: AccountRepository;
  /** The current password and the e-mail change codes, from the auth module. */
  credentials: AccountCredentials;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Who the user may share with and choose for a team view's group: the people they know, their organisations. */
  access: Access;
  /** Refuses a deletion inside its transaction (throws): the purchaser of an active organisation subscription or of one that renews. */
  beforeDelete?: (tx: Database, uid: number) => Promise<void>;
  /** Where mails sent after their answer run (the app waits for them when it closes); a service of its own by default. */
  background?: BackgroundWork;
}

const includes = <T extends string>(list: readonly T[], value: string | null | undefined): value is T =>
  value !== null && value !== undefined && (list as readonly string[]).includes(value);

/**
 * The user as the API shows it: an unknown stored level reads as no level, an unknown benchmark as
 * NINETY; has_password tells a federated account (no password) from the rest.
 */
export function toUserBody(row: UserRow): User {
  return {
    uid: row.uid,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    level: includes<PlayerLevel>(PLAYER_LEVELS, row.level) ? row.level : null,
    benchmark: includes<BenchmarkLevel>(BENCHMARK_LEVELS, row.benchmark) ? row.benchmark : 'NINETY',
    is_coach: row.is_coach,
    sub_id: row.sub_id,
    has_password: row.password_hash !== null,
    pending_email: row.pending_email,
    setup_pending: row.setup_pending,
  };
}

/** A subscription row as GET /account/subscription answers it (an unknown status reads INVALID, an unknown source OTHER). */
export function toSubscriptionBody(row: SubscriptionRow): SubscriptionBody {
  return {
    sub_id: row.sub_id,
    level: row.level as SubscriptionLevel,
    has_branding: row.has_branding,
    status: includes(SUBSCRIPTION_STATUSES, row.status) ? row.status : 'INVALID',
    purchaser: row.purchaser,
    source: includes(PAYMENT_SOURCES, row.source) ? row.source : 'OTHER',
    plan_index: row.plan_index,
    expires_at: row.expires_at?.toISOString() ?? null,
    renews: row.renews,
  };
}

const EMAIL_TAKEN_MESSAGE = 'Another account already uses this e-mail address.';

/** A 400 that names one body field, in the shape of the schema validation errors. */
function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, 'VALIDATION_ERROR', `${field}: ${message}`, [{ field, message, in: 'body' }]);
}

/**
 * The rules of the user's own data: the profile and its e-mail address, settings with their
 * default shares, the subscription their access comes from, and deleting the account. Passwords,
 * codes and sessions are the auth module's.
 */
export class AccountService {
  private readonly background: BackgroundWork;

  constructor(private readonly deps: AccountServiceDeps) {
    this.background = deps.background ?? new BackgroundWork();
  }

  /**
   * Sends after the answer has gone, so the answer's timing does not depend on the mail server. A
   * failure is logged without the address.
   */
  private sendInBackground(message: MailMessage): void {
    this.background.run(
      () => this.deps.mailer.send(message),
      (err) => this.deps.log.error({ err }, 'sending a mail failed'),
    );
  }

  // --- profile --------------------------------------------------------------------------------

  getUser(caller: Caller): User {
    return toUserBody(caller.user);
  }

  /**
   * Updates the profile. A new e-mail address takes effect only when the code mailed to it is
   * entered (confirmEmail); asking for it needs the current password when the account has one, and
   * the old address gets a notice (ASVS 2.5.5 / 3.7.1).
   */
  async updateUser(caller: Caller, change: UpdateAccountBody): Promise<User> {
    const current = caller.user;
    const profile = { first_name: change.first_name, last_name: change.last_name, level: change.level, benchmark: change.benchmark };
    if (change.email === current.email.toLowerCase())
      return toUserBody(await this.profileOrGone(this.deps.repository.updateProfile(caller.uid, profile, null)));

    if (current.password_hash) {
      const currentPassword = change.password;
      if (!currentPassword) throw fieldError('password', 'Enter your current password to change your e-mail address.');
      await this.deps.credentials.checkCurrentPassword(caller, currentPassword);
    }
    if (await this.deps.repository.emailTakenByOther(change.email, caller.uid)) throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
    const issued = this.deps.credentials.issueEmailCode(caller.uid, change.email);
    const row = await this.profileOrGone(
      this.deps.repository.updateProfile(caller.uid, profile, { email: change.email, storeCode: issued.store }),
    );
    await this.deps.mailer.send(accountMails.emailChangeCode(change.email, issued.code));
    this.sendInBackground(accountMails.emailChangeNotice(current.email, change.email));
    return toUserBody(row);
  }

  /** Completes an e-mail change with the code mailed to the new address. */
  async confirmEmail(caller: Caller, code: string): Promise<User> {
    return this.deps.credentials.confirmEmailCode(caller, code, async (useCode) => {
      const row = await this.deps.repository.confirmEmail(caller.uid, useCode);
      if (row === 'taken') throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      return row ? toUserBody(row) : undefined;
    });
  }

  private async profileOrGone(update: Promise<UserRow | undefined>): Promise<UserRow> {
    const row = await update;
    // A token outliving its user (deleted concurrently) is as good as no token.
    if (!row) throw unauthorized();
    return row;
  }

  /** Deletes the account once its owner is confirmed (an account without a password proves it again, see AccountCredentials.confirmDeletion). */
  async deleteAccount(caller: Caller, confirmation: DeleteAccountBody, ip: string): Promise<void> {
    await this.deps.credentials.confirmDeletion(caller, confirmation, ip);
    await this.deps.repository.deleteAccount(caller.uid, this.deps.beforeDelete);
  }

  /** The first password of an account made with a provider; answers the user, now with has_password. */
  async setFirstPassword(caller: Caller, input: SetPasswordBody): Promise<User> {
    await this.deps.credentials.setFirstPassword(caller, input);
    return { ...toUserBody(caller.user), has_password: true };
  }

  // --- settings and subscription --------------------------------------------------------------

  /**
   * The shares a new item takes: the user's saved default shares, or, when none are saved, OWNER
   * for the user and VIEW for each organisation they belong to.
   */
  async defaultShares(caller: Caller): Promise<Shares> {
    return (await this.savedSettings(caller)).shares;
  }

  private async savedSettings(caller: Caller): Promise<{ saved: SavedSettingsRow | undefined; shares: Shares }> {
    const [saved, { orgIds }] = await Promise.all([this.deps.repository.findSettings(caller.uid), this.deps.access.viewer(caller.uid)]);
    return {
      saved,
      shares: effectiveDefaultShares(caller.uid, orgIds, { usershares: saved?.usershares ?? [], orgshares: saved?.orgshares ?? [] }),
    };
  }

  /**
   * The settings with defaults filled in for what was never saved: theme 0, FEET_YARDS, the default
   * shares above, no custom strokes-gained target, each notification type's default channels, an
   * empty team group.
   */
  async getSettings(caller: Caller): Promise<Settings> {
    const { saved, shares } = await this.savedSettings(caller);
    const units: UnitsPair = includes(UNITS_PAIR_NAMES, saved?.units) ? saved.units : DEFAULT_UNITS;
    return {
      theme: saved?.theme ?? DEFAULT_THEME_INDEX,
      units,
      usershares: shares.usershares,
      orgshares: shares.orgshares,
      custom_sg: saved?.custom_sg ?? null,
      notify: resolveNotify(saved?.notify),
      group: saved?.team_group ?? [],
    };
  }

  /**
   * Saves the given subset of the settings and answers the settings as they now are. setup_done
   * ends the first-run Set up in the same transaction (it is asked once: saved or skipped).
   */
  async saveSettings(caller: Caller, change: SettingsUpdate): Promise<Settings> {
    if (change.group !== undefined && change.group.length > 0) {
      const known = await this.deps.access.repository.knownOf(caller.uid, change.group);
      const unknown = change.group.find((uid) => uid !== caller.uid && !known.has(uid));
      if (unknown !== undefined) throw fieldError('group', `user ${unknown} is not someone you share an organisation or an item with`);
    }
    // Default shares are checked like an event's: new events take them, so a target out of reach would make them fail.
    if (change.usershares !== undefined || change.orgshares !== undefined) {
      const saved = await this.deps.repository.findSettings(caller.uid);
      await this.deps.access.requireShareTargets(
        caller.uid,
        { usershares: change.usershares ?? [], orgshares: change.orgshares ?? [] },
        { usershares: saved?.usershares ?? [], orgshares: saved?.orgshares ?? [] },
      );
    }
    await this.deps.repository.saveSettings(caller.uid, change.setup_done === true, {
      ...(change.notify === undefined ? {} : { notify: change.notify }),
      ...(change.group === undefined ? {} : { team_group: [...new Set(change.group)] }),
      ...(change.theme === undefined ? {} : { theme: change.theme }),
      ...(change.units === undefined ? {} : { units: change.units }),
      ...(change.usershares === undefined ? {} : { usershares: change.usershares as NonNullable<SavedSettingsRow['usershares']> }),
      ...(change.orgshares === undefined ? {} : { orgshares: change.orgshares as NonNullable<SavedSettingsRow['orgshares']> }),
      ...(change.custom_sg === undefined ? {} : { custom_sg: change.custom_sg }),
    });
    return this.getSettings(caller);
  }

  /** A user's row by id, or null when there is no such user (deleted): for work done for them outside a request. */
  async userById(uid: number): Promise<UserRow | null> {
    return (await this.deps.repository.findUser(uid)) ?? null;
  }

  /**
   * The subscription the user's access comes from: their own purchase, or an organisation's, whose
   * seat gives them the seat's level (COACH or PREMIUM), not the plan's.
   */
  async getSubscription(caller: Caller): Promise<SubscriptionBody | null> {
    if (caller.user.sub_id === null) return null;
    const row = await this.deps.repository.findSubscription(caller.user.sub_id);
    if (!row) return null;
    if (row.purchaser === caller.uid) return toSubscriptionBody(row);
    if (row.level < SUBSCRIPTION_LEVELS.COACH) return null;
    const seat = await this.deps.repository.seatOn(caller.uid, row.sub_id);
    // A seat is given, not bought as a plan of the catalogue: no plan_index.
    return seat ? { ...toSubscriptionBody(row), level: SEAT_LEVEL_VALUES[seat], plan_index: null } : null;
  }
}
