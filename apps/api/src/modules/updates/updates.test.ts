import { constants, createDecipheriv, createHash, generateKeyPairSync, publicDecrypt } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../integrations/storage/local-storage.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import { MANIFEST_KEY, readManifest } from './bundle-manifest.ts';
import { writeZip } from './bundle-zip.ts';
import { collectBundleFiles } from './publish-bundle.ts';
import { publishBundle } from './updates.module.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The files of a zip, read from its local headers (deflated or stored), each checked against its CRC-32. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const crc = zip.readUInt32LE(at + 14);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extraLength;
    const data = zip.subarray(start, start + size);
    const body = method === 8 ? inflateRawSync(data) : Buffer.from(data);
    expect(crc32(body), name).toBe(crc);
    files.set(name, body);
    at = start + size;
  }
  // The central directory follows, and the end record names as many entries.
  expect(zip.readUInt32LE(at)).toBe(0x02014b50);
  expect(zip.readUInt16LE(zip.length - 22 + 10)).toBe(files.size);
  return files;
}

/** A small web build: index.html, a script with its precompressed twin, Vite's manifest and an image. */
async function webBuild(title: string): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'holeout-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, 'index.html'), `<!doctype html><title>${title}</title><script src="/assets/app.js"></script>`);
  await writeFile(path.join(dist, 'assets', 'app.js'), `console.log(${JSON.stringify(title)});\n`.repeat(200));
  await writeFile(path.join(dist, 'assets', 'app.js.br'), 'brotli');
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{}');
  await writeFile(path.join(dist, 'assets', 'pin.bin'), Buffer.from([0, 1, 2, 3, 250, 251]));
  return dist;
}

const device = {
  platform: 'android',
  device_id: '0b1f8a2e-5c4d-4e3f-8a9b-1c2d3e4f5a6b',
  app_id: 'app.holeout',
  version_name: '0.1.0',
  version_build: '0.1.0',
  plugin_version: '7.51.21',
  is_emulator: false,
  is_prod: true,
};

let server: TestServer;
let storage: Storage;
const dists: string[] = [];
const check = (body: unknown) => server.app.inject({ method: 'POST', url: '/v4/updates', payload: body as object });

beforeAll(async () => {
  server = await createTestServer();
  // The storage the server reads (DATA_DIR/storage), where `npm run bundle` writes.
  storage = createLocalStorage(path.join(server.config.dataDir, 'storage'));
});
afterAll(async () => {
  await server.close();
  await Promise.all(dists.map((dist) => rm(dist, { recursive: true, force: true })));
});

/** Local storage in a folder of its own, removed after the file. */
async function throwAwayStorage(): Promise<Storage> {
  const folder = await mkdtemp(path.join(tmpdir(), 'holeout-bundles-'));
  dists.push(folder);
  return createLocalStorage(folder);
}

async function publish(version: string, platforms: Array<'ios' | 'android'>, options: { appId?: string; key?: string; on?: Storage } = {}) {
  const dist = await webBuild(version);
  dists.push(dist);
  return publishBundle({
    storage: options.on ?? storage,
    distDir: dist,
    appId: options.appId ?? 'app.holeout',
    version,
    commit: version.split('+')[1] ?? '',
    platforms,
    privateKeyPem: options.key,
  });
}

describe('POST /v4/updates (the updater plugin protocol) over HTTP', () => {
  beforeAll(async () => {
    await publish('0.1.0+aaa1111', ['ios', 'android']);
    await publish('0.2.0+bbb2222', ['android']);
  });

  const current = { message: 'No new version available', error: 'no_new_version_available', kind: 'up_to_date' };

  it.each([
    ['android running the newest bundle', { platform: 'android', version_name: '0.2.0+bbb2222' }, null],
    ['android running an older bundle', { platform: 'android', version_name: '0.1.0+aaa1111' }, '0.2.0+bbb2222'],
    ['android store build of an older version', { platform: 'android', version_name: '0.1.0' }, '0.2.0+bbb2222'],
    ['android store build of the same version, no commit', { platform: 'android', version_name: '0.2.0' }, '0.2.0+bbb2222'],
    ['android store build newer than every bundle', { platform: 'android', version_name: '0.3.0' }, null],
    ['ios: the android-only bundle is not for it, it runs its newest', { platform: 'ios', version_name: '0.1.0+aaa1111' }, null],
    ['ios store build of an older version', { platform: 'ios', version_name: '0.0.9' }, '0.1.0+aaa1111'],
    ['a version without x.y.z', { platform: 'ios', version_name: 'builtin' }, '0.1.0+aaa1111'],
  ])('%s', async (_name, change, offered) => {
    const res = await check({ ...device, ...change });
    expect(res.statusCode).toBe(200);
    if (offered === null) {
      expect(res.json()).toEqual(current);
      return;
    }
    const manifest = await readManifest(storage);
    const entry = manifest.apps['app.holeout']!.find((e) => e.version === offered)!;
    expect(res.json()).toEqual({
      version: offered,
      url: `${server.config.publicUrl}/v4/updates/bundles/${entry.file}`,
      checksum: entry.checksum,
      session_key: '',
    });
  });

  it('answers an app with no bundle as the hosted service does: app_not_found, kind failed', async () => {
    const res = await check({ ...device, app_id: 'com.example.other' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'App not found', error: 'app_not_found', kind: 'failed' });
  });

  it('takes the fields the plugin sends beyond the contract (version_code, version_os, defaultChannel) without reading them', async () => {
    const res = await check({ ...device, version_code: '10', version_os: '14', defaultChannel: 'beta', custom_id: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: '0.2.0+bbb2222' });
  });

  it('serves the bundle it names: a zip of the build whose sha256 is the checksum', async () => {
    const offer = (await check(device)).json() as { url: string; checksum: string };
    const res = await server.app.inject({ url: new URL(offer.url).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(sha256(res.rawPayload)).toBe(offer.checksum);
    const files = unzip(res.rawPayload);
    // Sorted paths; the precompressed twin and Vite's manifest stay out.
    expect([...files.keys()]).toEqual(['assets/app.js', 'assets/pin.bin', 'index.html']);
    expect(files.get('index.html')!.toString()).toContain('<title>0.2.0+bbb2222</title>');
    expect([...files.get('assets/pin.bin')!]).toEqual([0, 1, 2, 3, 250, 251]);
  });

  it('answers 404 to a bundle name that is not one', async () => {
    for (const name of [`${'0'.repeat(64)}.zip`, 'manifest.json', '..%2Fmanifest.json', `${'a'.repeat(63)}.zip`]) {
      expect((await server.app.inject({ url: `/v4/updates/bundles/${name}` })).statusCode, name).toBe(404);
    }
  });

  it('answers 400 VALIDATION_ERROR to a bad body, naming the field, and writes nothing', async () => {
    const before = (await storage.get(MANIFEST_KEY))!.body;
    const { platform: _platform, ...withoutPlatform } = device;
    const bad: Array<[unknown, string]> = [
      [withoutPlatform, 'platform'],
      [{ ...device, platform: 'windows' }, 'platform'],
      [{ ...device, app_id: 'holeout' }, 'app_id'],
      [{ ...device, app_id: 'app.holeout/../x' }, 'app_id'],
      [{ ...device, device_id: '' }, 'device_id'],
      [{ ...device, device_id: 'a\nb' }, 'device_id'],
      [{ ...device, version_name: '' }, 'version_name'],
      [{ ...device, version_name: 'x'.repeat(129) }, 'version_name'],
      [{ ...device, is_prod: 'yes' }, 'is_prod'],
      [{ ...device, is_emulator: null }, 'is_emulator'],
      [{ ...device, plugin_version: 7 }, 'plugin_version'],
      [{ ...device, custom_id: 12 }, 'custom_id'],
    ];
    for (const [body, field] of bad) {
      const res = await check(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((res.json() as { error: string }).error, field).toContain(field);
    }
    for (const payload of ['[]', '"android"', '{"platform":']) {
      const res = await server.app.inject({ method: 'POST', url: '/v4/updates', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
    }
    expect((await storage.get(MANIFEST_KEY))!.body.equals(before)).toBe(true);
  });
});

describe('publishing a bundle (npm run bundle)', () => {
  it('refuses to publish when the stored bytes differ from the bundle written (checksum mismatch), leaving the manifest as it was', async () => {
    const before = await readManifest(storage);
    // A storage that flips a byte on the way in, as a broken disk or bucket would.
    const corrupting: Storage = {
      ...storage,
      put: async (key, body, type) => {
        const copy = Buffer.from(body);
        if (key.endsWith('.zip')) copy[copy.length - 1] = copy[copy.length - 1]! ^ 0xff;
        await storage.put(key, copy, type);
      },
    };
    await expect(publish('0.9.0+ccc3333', ['ios'], { on: corrupting })).rejects.toThrow(/Checksum mismatch/);
    expect(await readManifest(storage)).toEqual(before);
    // The bad copy is gone too: a bundle's name is the sha256 of its bytes.
    const names = await readdir(path.join(server.config.dataDir, 'storage', 'bundles'));
    expect(names.filter((name) => name.endsWith('.zip'))).toEqual(
      Object.values(before.apps)
        .flat()
        .map((e) => e.file)
        .sort(),
    );
    expect((await check({ ...device, platform: 'ios', version_name: '0.1.0+aaa1111' })).json()).toMatchObject({
      error: 'no_new_version_available',
    });
  });

  it('zips the same build to the same bytes, and publishing a version again replaces its entry', async () => {
    const dist = await webBuild('same');
    dists.push(dist);
    expect(sha256(writeZip(await collectBundleFiles(dist)))).toBe(sha256(writeZip(await collectBundleFiles(dist))));

    const other = await throwAwayStorage();
    await publish('1.0.0+ddd4444', ['ios'], { appId: 'com.example.twice', on: other });
    await publish('1.0.0+ddd4444', ['ios', 'android'], { appId: 'com.example.twice', on: other });
    const entries = (await readManifest(other)).apps['com.example.twice']!;
    expect(entries.map((e) => [e.version, e.platforms])).toEqual([['1.0.0+ddd4444', ['ios', 'android']]]);
  });

  it('refuses a build without index.html, a bad app id and a bad version', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'holeout-dist-'));
    dists.push(empty);
    const other = await throwAwayStorage();
    const base = { storage: other, distDir: empty, appId: 'app.holeout', version: '1.0.0+abc', commit: 'abc', platforms: ['ios'] as const };
    await expect(publishBundle(base)).rejects.toThrow(/no index\.html/);
    await expect(publishBundle({ ...base, appId: 'holeout' })).rejects.toThrow(/Not an app id/);
    await expect(publishBundle({ ...base, version: 'latest' })).rejects.toThrow(/Not a bundle version/);
    expect(await other.get(MANIFEST_KEY)).toBeNull();
  });

  it('encrypts as the plugin decrypts: AES-128-CBC bundle, key and checksum under the RSA private key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const published = await publish('0.3.0+eee5555', ['ios'], { appId: 'com.example.sealed', key });
    expect(published.publicKeyPem).toMatch(/^-----BEGIN RSA PUBLIC KEY-----/);

    const offer = (await check({ ...device, platform: 'ios', app_id: 'com.example.sealed', version_name: '0.2.0' })).json() as {
      url: string;
      checksum: string;
      session_key: string;
    };
    expect(offer.session_key).toMatch(/^[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*$/);
    // 256 bytes: the size the plugin requires of an encrypted checksum.
    expect(offer.checksum).toMatch(/^[0-9a-f]{512}$/);

    const stored = (await server.app.inject({ url: new URL(offer.url).pathname })).rawPayload;
    const [iv, sealedKey] = offer.session_key.split(':').map((part) => Buffer.from(part, 'base64'));
    const rsa = (data: Buffer) => publicDecrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, data);
    const aesKey = rsa(sealedKey!);
    expect(aesKey).toHaveLength(16);
    const decipher = createDecipheriv('aes-128-cbc', aesKey, iv!);
    const zip = Buffer.concat([decipher.update(stored), decipher.final()]);
    expect(rsa(Buffer.from(offer.checksum, 'hex')).toString('hex')).toBe(sha256(zip));
    expect(unzip(zip).get('index.html')!.toString()).toContain('0.3.0+eee5555');
  });

  it('refuses a key the plugin cannot check (not RSA-2048)', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const key = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    await expect(publish('0.4.0+fff6666', ['ios'], { appId: 'com.example.weak', key })).rejects.toThrow(/RSA-2048/);
    expect((await readManifest(storage)).apps['com.example.weak']).toBeUndefined();
  });
});
