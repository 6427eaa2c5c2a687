/**
 * Whether the golfer keeps the shots' positions with their rounds. Off unless they turn it on: then
 * only the distances leave the phone. Kept on this device (in the app's local cache, dropped at
 * logout like every remembered thing), since positions are taken on this device only.
 */
import { localCache, type LocalCache } from '../../../lib/cache.ts';

const CACHE_KEY = 'keep-shot-positions';
const YEAR_MS = 365 * 86_400_000;

export function keepsShotPositions(cache: LocalCache = localCache): boolean {
  return cache.get<boolean>(CACHE_KEY) === true;
}

export function setKeepShotPositions(keep: boolean, cache: LocalCache = localCache): void {
  cache.set<boolean>(CACHE_KEY, keep, YEAR_MS);
}
