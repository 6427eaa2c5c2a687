import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FederatedProvider } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { codes, federatedIdentities, users, type FederatedIdentityRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';

/** An identity a verified token proved: the provider, its subject, and the address it gave. */
export interface ProvenIdentity {
  provider: FederatedProvider;
  subject: string;
  email: string | null;
}

export type LinkRow = Pick<FederatedIdentityRow, 'provider' | 'email' | 'linked_at'>;

/** The new account's details, from the token and the registration body. */
export interface FederatedAccount {
  email: string;
  first_name: string;
  last_name: string;
  level: string | null;
  benchmark: string | undefined;
}

export type FederatedRegistration = { kind: 'created'; uid: number; token: string } | { kind: 'email_taken' } | { kind: 'identity_linked' };
export type LinkOutcome = 'linked' | 'already_linked' | 'identity_taken' | 'provider_linked';
export type UnlinkOutcome = 'unlinked' | 'not_linked' | 'last_sign_in';

/** The database side of federated sign-in: which account an identity belongs to, and linking. */
export class FederatedRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  async ownerOf(provider: FederatedProvider, subject: string, db: Database = this.db): Promise<number | undefined> {
    const [row] = await db
      .select({ uid: federatedIdentities.uid })
      .from(federatedIdentities)
      .where(and(eq(federatedIdentities.provider, provider), eq(federatedIdentities.subject, subject)));
    return row?.uid;
  }

  async links(uid: number, db: Database = this.db): Promise<LinkRow[]> {
    return db
      .select({ provider: federatedIdentities.provider, email: federatedIdentities.email, linked_at: federatedIdentities.linked_at })
      .from(federatedIdentities)
      .where(eq(federatedIdentities.uid, uid))
      .orderBy(asc(federatedIdentities.linked_at), asc(federatedIdentities.identity_id));
  }

  /**
   * A new verified account for a proven identity, with the identity linked, in one transaction; then
   * `signIn` issues its session in the same transaction. An address held by a verified account is
   * refused (the owner logs in and links); an address whose registration was never verified is
   * taken over by this proven owner of the address: the pending password, names and codes go, so
   * whoever registered it first cannot keep a way in.
   */
  async register(
    account: FederatedAccount,
    identity: ProvenIdentity,
    signIn: (tx: Database, uid: number) => Promise<string>,
  ): Promise<FederatedRegistration> {
    try {
      return await this.db.transaction(async (tx) => {
        if ((await this.ownerOf(identity.provider, identity.subject, tx)) !== undefined) return { kind: 'identity_linked' } as const;
        const [existing] = await tx
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${account.email}`)
          .for('update');
        if (existing?.verified_at) return { kind: 'email_taken' } as const;
        const now = this.clock();
        const values = {
          email: account.email,
          password_hash: null,
          first_name: account.first_name,
          last_name: account.last_name,
          level: account.level,
          ...(account.benchmark ? { benchmark: account.benchmark } : {}),
          verified_at: now,
          setup_pending: true,
          registration_ticket_hash: null,
        };
        let uid: number;
        if (existing) {
          await tx.update(users).set(values).where(eq(users.uid, existing.uid));
          await tx.delete(codes).where(and(eq(codes.uid, existing.uid), isNull(codes.used_at)));
          uid = existing.uid;
        } else {
          const [created] = await tx.insert(users).values(values).returning({ uid: users.uid });
          if (!created) throw new Error('insert into users returned no row');
          uid = created.uid;
        }
        await tx.insert(federatedIdentities).values({ uid, ...identity, linked_at: now });
        return { kind: 'created', uid, token: await signIn(tx, uid) } as const;
      });
    } catch (err) {
      // The same identity or address registered by a concurrent request: that one has it.
      if (isUniqueViolation(err)) return { kind: 'identity_linked' };
      throw err;
    }
  }

  /** Links a proven identity to an account: one identity per account per provider, one account per identity. */
  async link(uid: number, identity: ProvenIdentity): Promise<LinkOutcome> {
    try {
      return await this.db.transaction(async (tx) => {
        await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('update');
        const owner = await this.ownerOf(identity.provider, identity.subject, tx);
        if (owner === uid) return 'already_linked';
        if (owner !== undefined) return 'identity_taken';
        if ((await this.links(uid, tx)).some((l) => l.provider === identity.provider)) return 'provider_linked';
        await tx.insert(federatedIdentities).values({ uid, ...identity, linked_at: this.clock() });
        return 'linked';
      });
    } catch (err) {
      // Another account linked the identity at the same moment.
      if (isUniqueViolation(err)) return 'identity_taken';
      throw err;
    }
  }

  /**
   * Unlinks the account's identity of a provider, unless it is the last way in: an account without
   * a password keeps at least one identity. The user row is locked, so two unlinks at once cannot
   * both see another way in and remove both.
   */
  async unlink(uid: number, provider: FederatedProvider): Promise<UnlinkOutcome> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select({ password_hash: users.password_hash }).from(users).where(eq(users.uid, uid)).for('update');
      const links = await this.links(uid, tx);
      if (!links.some((l) => l.provider === provider)) return 'not_linked';
      if (!user?.password_hash && links.length === 1) return 'last_sign_in';
      await tx.delete(federatedIdentities).where(and(eq(federatedIdentities.uid, uid), eq(federatedIdentities.provider, provider)));
      return 'unlinked';
    });
  }
}
