import { describe, expect, it } from 'vitest';
import { isAppShellNavigation } from './navigation.ts';

describe('navigations the app shell answers offline', () => {
  it.each(['/', '/home', '/login', '/scanner', '/event?event_id=5', '/stats/sg?benchmark=TOUR', '/players/12/trends', '/v4x'])(
    '%s opens the app shell',
    (path) => expect(isAppShellNavigation(path)).toBe(true),
  );

  it.each([
    '/v4',
    '/v4/',
    '/v4/events?limit=5',
    '/v4?x=1',
    '/healthz',
    '/readyz',
    '/metrics',
    '/.well-known/assetlinks.json',
    '/.well-known/apple-app-site-association',
    '/bench-bare.html',
    '/favicon.svg',
    '/reports/latest.pdf?k=1',
  ])('%s goes to the network', (path) => expect(isAppShellNavigation(path)).toBe(false));
});
