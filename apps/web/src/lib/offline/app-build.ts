/**
 * This build of the app: the entry module's name carries the build's content hash (in development,
 * where there is none, the name stays the same). What is kept on the device for one build (page data,
 * the picture of the last page) is not read by another, which may draw or shape it differently.
 */
export function currentBuild(): string {
  if (typeof document === 'undefined') return 'none';
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry?.getAttribute('src') ?? 'none';
}
