import type { FederatedProvider } from '@holeout/contracts';

/**
 * The providers' names as buttons and messages say them. The same words as the contracts'
 * FEDERATED_PROVIDER_NAMES, kept here because the sign-in buttons are on the first page, which must
 * not load the contracts' schemas (zod) to name three companies.
 */
export const PROVIDER_NAMES: Record<FederatedProvider, string> = { google: 'Google', apple: 'Apple', microsoft: 'Microsoft' };

/** Inside the native shell, which signs in with its own plugin and needs no Firebase web app. */
export { isNativeShell } from '../../../lib/native-shell.ts';
