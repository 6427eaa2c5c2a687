import { hash, verify } from '@node-rs/argon2';

/** Argon2 cost parameters; @node-rs/argon2 hashes with argon2id by default. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's recommended argon2id minimum (19 MiB, 2 passes, 1 lane), the library's defaults. */
export const PRODUCTION_PASSWORD_COST: PasswordCost = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** Cheap parameters for tests only: same algorithm, a fraction of the work. */
export const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 256, timeCost: 1, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of a verification without an account, so unknown e-mails answer as slowly as known ones. */
  verifyNothing(password: string): Promise<void>;
}

export function createPasswordHasher(cost: PasswordCost = PRODUCTION_PASSWORD_COST): PasswordHasher {
  let decoyHash: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, cost),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        // A malformed stored hash never matches.
        return false;
      }
    },
    async verifyNothing(password) {
      decoyHash ??= hash('decoy-password-for-timing', cost);
      await verify(await decoyHash, password).catch(() => false);
    },
  };
}
