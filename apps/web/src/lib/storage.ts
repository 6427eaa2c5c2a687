/**
 * The values the app keeps in localStorage outside the cache: token, tracking, savedReportDelivery,
 * savedReportBenchmark, and registrationTicket (the ticket registration answered, which lets this
 * browser be signed in when the e-mail is verified; dropped once used). lib/federated/marks.ts keeps
 * one more, federatedSignIn (this browser signed in with a provider, so logout signs out of it too),
 * beside them and out of the cache for the same reason: logout clears the cache before it reads it.
 * Everything else the client remembers goes through lib/cache.ts so logout can drop it in one go.
 */
export const STORED_KEYS = ['token', 'tracking', 'savedReportDelivery', 'savedReportBenchmark', 'registrationTicket'] as const;
export type StoredKey = (typeof STORED_KEYS)[number];

/** Both report preferences go together: a 401 while loading the user drops them with the token. */
export const SAVED_REPORT_KEYS: readonly StoredKey[] = ['savedReportDelivery', 'savedReportBenchmark'];

function backing(): Storage | null {
  // Private browsing modes can throw on access; the app then runs without persistence.
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: StoredKey): string | null {
  return backing()?.getItem(key) ?? null;
}

export function writeStored(key: StoredKey, value: string): void {
  backing()?.setItem(key, value);
}

export function removeStored(...keys: StoredKey[]): void {
  const store = backing();
  for (const key of keys) store?.removeItem(key);
}
