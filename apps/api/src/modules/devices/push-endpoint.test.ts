import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_PUSH_HOSTS } from '../../config.ts';
import { isAllowedPushEndpoint } from './push-endpoint.ts';

describe('isAllowedPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
  ])('takes the browsers’ push services by default: %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, DEFAULT_WEB_PUSH_HOSTS)).toBe(true);
  });

  it.each([
    ['http at a push service', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another host', 'https://example.com/push'],
    ['a host that only ends like one', 'https://evilfcm.googleapis.com.example.com/x'],
    ['a look-alike suffix', 'https://notfcm.googleapis.com/x'],
    ['an internal address', 'https://169.254.169.254/latest/meta-data'],
    ['loopback not listed', 'http://127.0.0.1:9000/push'],
    ['credentials in the URL', 'https://user:pass@fcm.googleapis.com/fcm/send/abc'],
    ['another scheme', 'ftp://fcm.googleapis.com/x'],
    ['no URL', 'not a url'],
  ])('refuses %s', (_what, endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, DEFAULT_WEB_PUSH_HOSTS)).toBe(false);
  });

  it('takes a configured host and its subdomains over https, and http only at a listed loopback host', () => {
    const hosts = ['push.example.test', '127.0.0.1'];
    expect(isAllowedPushEndpoint('https://push.example.test/send/1', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://eu.push.example.test/send/1', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('http://push.example.test/send/1', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:9000/push/a', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:9000/push/a', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
  });
});
