/**
 * Which Web Push endpoints the API sends to. A browser's subscription names the URL the server will
 * POST every push to, so an endpoint is taken only at a push service the server knows: https, at one
 * of the allowed hosts or a subdomain of one. Loopback hosts (a local fake service in development and
 * tests) may use http, and only when listed by name. Anything else would let a user make the server
 * call an address of their choosing.
 */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a push to `endpoint` may be sent: https at an allowed host (or below it), or http at a listed loopback host. */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  const listed = hosts.map((h) => h.trim().toLowerCase()).filter(Boolean);
  if (url.protocol === 'http:') return LOOPBACK.has(host) && listed.includes(host);
  if (url.protocol !== 'https:') return false;
  return listed.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
