import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import type { DatabaseHandle } from '../../db/client.ts';

const FINGERPRINT = '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5';
const SECOND = 'AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99';

describe('app link configuration', () => {
  it('is off for both platforms without variables', () => {
    expect(loadConfig({}).appLinks).toEqual({ android: null, ios: null });
  });

  it('reads the Android package and its fingerprints (trimmed, in capitals), and the iOS app id', () => {
    const config = loadConfig({
      ANDROID_APP_ID: 'app.holeout',
      ANDROID_SHA256_FINGERPRINTS: ` ${FINGERPRINT.toLowerCase()} , ${SECOND}`,
      IOS_TEAM_ID: 'ABCDE12345',
      IOS_BUNDLE_ID: 'app.holeout',
    });
    expect(config.appLinks).toEqual({
      android: { packageName: 'app.holeout', fingerprints: [FINGERPRINT, SECOND] },
      ios: { appId: 'ABCDE12345.app.holeout' },
    });
  });

  it('stops at start on half a platform or a malformed value, naming the variables', () => {
    expect(() => loadConfig({ ANDROID_APP_ID: 'app.holeout' })).toThrow(/ANDROID_APP_ID and ANDROID_SHA256_FINGERPRINTS: set both/);
    expect(() => loadConfig({ ANDROID_SHA256_FINGERPRINTS: FINGERPRINT })).toThrow(/set both or neither/);
    expect(() => loadConfig({ ANDROID_APP_ID: 'app.holeout', ANDROID_SHA256_FINGERPRINTS: 'AB:CD' })).toThrow(
      /ANDROID_SHA256_FINGERPRINTS: AB:CD is not a SHA-256 fingerprint/,
    );
    expect(() => loadConfig({ ANDROID_APP_ID: 'not a package', ANDROID_SHA256_FINGERPRINTS: FINGERPRINT })).toThrow(/ANDROID_APP_ID/);
    expect(() => loadConfig({ IOS_TEAM_ID: 'ABCDE12345' })).toThrow(/IOS_TEAM_ID and IOS_BUNDLE_ID: set both/);
    expect(() => loadConfig({ IOS_TEAM_ID: 'abc', IOS_BUNDLE_ID: 'app.holeout' })).toThrow(/IOS_TEAM_ID/);
    expect(() => loadConfig({ IOS_TEAM_ID: 'ABCDE12345', IOS_BUNDLE_ID: 'app holeout' })).toThrow(/IOS_BUNDLE_ID/);
  });
});

describe('GET /.well-known/ app link files', () => {
  let database: DatabaseHandle;
  let configured: TestServer;
  let bare: TestServer;
  let webDist: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    // A built web app beside them: an unknown path would get its index.html, these must not.
    webDist = await mkdtemp(path.join(tmpdir(), 'holeout-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Holeout</title>');
    const appLinks = loadConfig({
      ANDROID_APP_ID: 'app.holeout',
      ANDROID_SHA256_FINGERPRINTS: `${FINGERPRINT},${SECOND}`,
      IOS_TEAM_ID: 'ABCDE12345',
      IOS_BUNDLE_ID: 'app.holeout',
    }).appLinks;
    configured = await createTestServer({ database, config: { appLinks, webDist } });
    bare = await createTestServer({ database, config: { webDist } });
  });
  afterAll(async () => {
    await configured.close();
    await bare.close();
    await database.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('assetlinks.json lets the Android app with those certificates handle every URL of the host', async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: { namespace: 'android_app', package_name: 'app.holeout', sha256_cert_fingerprints: [FINGERPRINT, SECOND] },
      },
    ]);
  });

  it('apple-app-site-association (no extension, JSON) opens every path but the API in the iOS app', async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      applinks: {
        details: [
          {
            appIDs: ['ABCDE12345.app.holeout'],
            components: [
              { '/': '/v4/*', exclude: true, comment: 'The API' },
              { '/': '*', comment: 'Every page of the app' },
            ],
          },
        ],
      },
    });
  });

  it('answers HEAD as GET', async () => {
    const response = await configured.app.inject({ method: 'HEAD', url: '/.well-known/assetlinks.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('without a configured app each file is a JSON 404, never the web app', async () => {
    for (const url of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']) {
      const response = await bare.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Any other unknown page still gets the web app, so the files above are answered by their routes.
    const page = await bare.app.inject({ method: 'GET', url: '/events' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Holeout</title>');
  });
});
