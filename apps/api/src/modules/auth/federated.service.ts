import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  FEDERATED_PROVIDER_NAMES,
  FIREBASE_PROVIDER_IDS,
  singleLineText,
  type DeleteAccountBody,
  type FederatedLink,
  type FederatedProvider,
  type FirebaseRegisterBody,
  type FirebaseRegisterResponse,
  type LoginResponse,
  type PublicConfig,
} from '@holeout/contracts';
import type { FirebaseConfig } from '../../config.ts';
import {
  FirebaseTokenVerifier,
  InvalidIdTokenError,
  SigningKeysUnavailableError,
  type FirebaseIdentity,
} from '../../integrations/firebase/firebase-tokens.ts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import { authMails } from './auth.mails.ts';
import { limitKeys } from './auth.policy.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';
import type { Caller } from './caller.ts';
import type { FederatedRepository, LinkRow } from './federated.repository.ts';

export interface FederatedServiceDeps {
  config: FirebaseConfig | null;
  /** Checks the tokens; null when federated sign-in is off (config null). */
  verifier: FirebaseTokenVerifier | null;
  repository: FederatedRepository;
  authRepository: AuthRepository;
  auth: AuthService;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/** Deleting an account without a password takes a provider sign-in made within this long. */
export const FRESH_SIGN_IN_MS = 5 * 60 * 1000;

const personName = singleLineText.pipe(z.string().trim().max(50));

/** The token's `name` as first and last name, when it is text a name field takes; otherwise blank. */
function namesFrom(name: unknown): { first: string; last: string } {
  const parsed = typeof name === 'string' ? singleLineText.safeParse(name.trim()) : null;
  if (!parsed?.success) return { first: '', last: '' };
  const [first = '', ...rest] = parsed.data.split(/\s+/);
  const safe = (value: string) => {
    const result = personName.safeParse(value);
    return result.success ? result.data : '';
  };
  return { first: safe(first), last: safe(rest.join(' ')) };
}

const invalidIdToken = () => new ApiError(401, 'INVALID_ID_TOKEN', 'The sign-in could not be confirmed. Please try again.');

function toLinkBody(row: LinkRow): FederatedLink {
  return { provider: row.provider, email: row.email, linked_at: row.linked_at.toISOString() };
}

/**
 * Sign-in with Google, Apple and Microsoft through Firebase ID tokens. An identity reaches an
 * account only by registering with it (a new account) or by linking it while signed in: a token
 * whose e-mail matches an account is never enough (no account takeover through an address a
 * provider vouches for). Every token check runs under the same failure limits as password login,
 * per client address and per the subject the token names.
 */
export class FederatedService {
  constructor(private readonly deps: FederatedServiceDeps) {}

  publicConfig(): PublicConfig {
    const config = this.deps.config;
    return {
      sign_in: {
        providers: config ? [...config.providers] : [],
        firebase: config?.web ? { api_key: config.web.apiKey, auth_domain: config.web.authDomain, project_id: config.projectId } : null,
      },
    };
  }

  /**
   * The identity a token proves, checked under the failure limits; a token that proves nothing is a
   * 401 INVALID_ID_TOKEN and counts as a failure (its reason is logged, never the token).
   */
  private async verified(idToken: string, ip: string): Promise<FirebaseIdentity> {
    const verifier = this.deps.verifier;
    if (!verifier) throw new ApiError(400, 'INVALID_METHOD', 'Sign-in with Google, Apple or Microsoft is not set up on this server.');
    const limits = this.deps.auth.limits;
    const subject = FirebaseTokenVerifier.claimedSubject(idToken);
    return this.deps.auth.attempt(
      [
        [limitKeys.loginAddress(ip), limits.failuresPerAddress],
        ...(subject ? [[limitKeys.federatedSubject(subject), limits.failuresPerAccount] as const] : []),
      ],
      async () => {
        try {
          return { ok: true, value: await verifier.verify(idToken) };
        } catch (err) {
          if (err instanceof InvalidIdTokenError) {
            this.deps.log.info({ reason: err.reason }, 'a Firebase ID token was refused');
            return { ok: false, error: invalidIdToken() };
          }
          if (err instanceof SigningKeysUnavailableError) {
            this.deps.log.warn({ err: err.cause }, 'Firebase signing keys unavailable');
            throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Sign-in with this provider is briefly unavailable. Try again in a moment.');
          }
          throw err;
        }
      },
    );
  }

  /** The right token of a linked identity signed in: its subject's earlier failures no longer count. */
  private async forgetFailures(identity: FirebaseIdentity): Promise<void> {
    await this.deps.auth.clearLimit(limitKeys.federatedSubject(`${FIREBASE_PROVIDER_IDS[identity.provider]}:${identity.subject}`));
  }

  async login(idToken: string, ip: string, userAgent: string | undefined): Promise<LoginResponse> {
    const identity = await this.verified(idToken, ip);
    const uid = await this.deps.repository.ownerOf(identity.provider, identity.subject);
    const name = FEDERATED_PROVIDER_NAMES[identity.provider];
    if (uid === undefined)
      throw new ApiError(
        404,
        'NOT_REGISTERED',
        `No Holeout account is linked to this ${name} sign-in. Create an account with ${name}, or log in with your e-mail and password and link ${name} in My Profile.`,
      );
    await this.forgetFailures(identity);
    return { token: await this.deps.authRepository.issueToken(uid, userAgent), uid };
  }

  /**
   * A new verified account for the identity, signed in at once. The provider must vouch for the
   * address (email_verified): the account's mail goes there, and an unproven address would let
   * someone claim another person's.
   */
  async register(body: FirebaseRegisterBody, ip: string, userAgent: string | undefined): Promise<FirebaseRegisterResponse> {
    const identity = await this.verified(body.idToken, ip);
    const name = FEDERATED_PROVIDER_NAMES[identity.provider];
    if (!identity.email || !identity.emailVerified)
      throw new ApiError(
        400,
        'EMAIL_NOT_VERIFIED',
        `${name} did not confirm an e-mail address for this sign-in. Register with your e-mail address instead, then link ${name} in My Profile.`,
      );
    const fromToken = namesFrom(identity.name);
    const outcome = await this.deps.repository.register(
      {
        email: identity.email,
        first_name: body.first_name ?? fromToken.first,
        last_name: body.last_name ?? fromToken.last,
        level: body.level ?? null,
        benchmark: body.benchmark,
      },
      { provider: identity.provider, subject: identity.subject, email: identity.email },
      (tx, uid) => this.deps.authRepository.issueToken(uid, userAgent, tx),
    );
    if (outcome.kind === 'email_taken')
      throw new ApiError(
        409,
        'EMAIL_TAKEN',
        `An account with this e-mail address exists. Log in with your e-mail and password, then link ${name} in My Profile.`,
      );
    if (outcome.kind === 'identity_linked')
      throw new ApiError(409, 'IDENTITY_LINKED', `This ${name} sign-in already has a Holeout account: log in with ${name}.`);
    await this.forgetFailures(identity);
    return { uid: outcome.uid, token: outcome.token };
  }

  async links(caller: Caller): Promise<FederatedLink[]> {
    return (await this.deps.repository.links(caller.uid)).map(toLinkBody);
  }

  /** Links the identity to the caller; the owner is told by mail. Linking the same identity again changes nothing. */
  async link(caller: Caller, idToken: string, ip: string): Promise<FederatedLink[]> {
    const identity = await this.verified(idToken, ip);
    const name = FEDERATED_PROVIDER_NAMES[identity.provider];
    const outcome = await this.deps.repository.link(caller.uid, {
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email,
    });
    if (outcome === 'identity_taken')
      throw new ApiError(409, 'IDENTITY_TAKEN', `This ${name} account signs in to another Holeout account.`);
    if (outcome === 'provider_linked')
      throw new ApiError(409, 'PROVIDER_LINKED', `Another ${name} account is linked already: unlink it first.`);
    if (outcome === 'linked') this.deps.auth.sendInBackground(authMails.signInMethodChanged(caller.user.email, name, 'linked'));
    return this.links(caller);
  }

  /** Unlinks a provider, unless it is the only way into an account without a password. */
  async unlink(caller: Caller, provider: FederatedProvider): Promise<FederatedLink[]> {
    const name = FEDERATED_PROVIDER_NAMES[provider];
    const outcome = await this.deps.repository.unlink(caller.uid, provider);
    if (outcome === 'not_linked') throw notFound(`${name} is not linked to this account`);
    if (outcome === 'last_sign_in')
      throw new ApiError(
        409,
        'LAST_SIGN_IN',
        `${name} is the only way into this account. Set a password or link another provider before unlinking it.`,
      );
    this.deps.auth.sendInBackground(authMails.signInMethodChanged(caller.user.email, name, 'unlinked'));
    return this.links(caller);
  }

  /**
   * Before an account without a password is deleted, its owner proves again who they are: a
   * provider sign-in of an identity linked to it, made within the last 5 minutes, or the code mailed
   * for it. (An account with a password is deleted as before: holding its session is enough.)
   */
  async confirmDeletion(caller: Caller, body: DeleteAccountBody, ip: string): Promise<void> {
    if (caller.user.password_hash) return;
    if (body?.idToken !== undefined) {
      const identity = await this.verified(body.idToken, ip);
      const owner = await this.deps.repository.ownerOf(identity.provider, identity.subject);
      if (owner !== caller.uid)
        throw new ApiError(403, 'NOT_LINKED', `That ${FEDERATED_PROVIDER_NAMES[identity.provider]} account is not linked to this account.`);
      if (this.deps.clock().getTime() - identity.authTime.getTime() > FRESH_SIGN_IN_MS)
        throw new ApiError(403, 'SIGN_IN_AGAIN', 'Sign in again to confirm: the sign-in must be less than 5 minutes old.');
      return;
    }
    if (body?.code !== undefined) {
      await this.deps.auth.useAccountCode(caller, 'delete', body.code);
      return;
    }
    throw new ApiError(
      403,
      'CONFIRMATION_REQUIRED',
      'To delete an account without a password, sign in again with a linked provider or enter the code we mail you.',
    );
  }
}
