/**
 * The par of each hole of each course, as last entered on this device, so the next round there opens
 * every hole with its par chosen. Kept in the app's local cache (dropped at logout, like every other
 * remembered thing) for a year.
 */
import { localCache, type LocalCache } from '../../../lib/cache.ts';

const CACHE_KEY = 'course-pars';
const YEAR_MS = 365 * 86_400_000;

type CoursePars = Record<string, Record<number, number>>;

const courseKey = (course: string) => course.trim().toLowerCase().replace(/\s+/g, ' ');

export function rememberedPar(course: string, hole: number, cache: LocalCache = localCache): number | null {
  const key = courseKey(course);
  if (!key) return null;
  return cache.get<CoursePars>(CACHE_KEY)?.[key]?.[hole] ?? null;
}

export function rememberPars(course: string, pars: Record<number, number>, cache: LocalCache = localCache): void {
  const key = courseKey(course);
  if (!key || Object.keys(pars).length === 0) return;
  const all = cache.get<CoursePars>(CACHE_KEY) ?? {};
  cache.set<CoursePars>(CACHE_KEY, { ...all, [key]: { ...all[key], ...pars } }, YEAR_MS);
}
