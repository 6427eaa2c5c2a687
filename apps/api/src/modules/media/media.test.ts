import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrg, buildUser, loginAs } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { createS3Storage, parseS3Url } from '../../integrations/storage/s3-storage.ts';
import { sniffImage } from './media.service.ts';

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = `----holeout${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 107, b: 82 } } });
  return image[format]().toBuffer();
};

async function coachToken(server: TestServer) {
  const coach = await buildUser(server.db, { is_coach: true });
  return { ...coach, token: await loginAs(server, coach) };
}
const upload = (server: TestServer, token: string, body: ReturnType<typeof multipart>) =>
  server.app.inject({ method: 'POST', url: '/v4/media', headers: { ...bearer(token), ...body.headers }, payload: body.payload });

describe('POST /media on local storage', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server.close());

  it('stores PNG, JPEG and WebP resized to at most 512 px as WebP, served from its random url', async () => {
    const coach = await coachToken(server);
    for (const [format, w, h] of [
      ['png', 1600, 800],
      ['jpeg', 300, 900],
      ['webp', 200, 100],
    ] as const) {
      const res = await upload(server, coach.token, multipart('file', `logo.${format}`, `image/${format}`, await picture(w, h, format)));
      expect(res.statusCode, format).toBe(200);
      const body = res.json() as { media_id: number; url: string };
      expect(body.url).toMatch(/^\/v4\/media\/[A-Za-z0-9_-]{22}\.webp$/);
      const served = await server.app.inject({ url: body.url });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBe(Math.min(512, Math.max(w, h)));
    }
    expect((await server.app.inject({ url: '/v4/media/AAAAAAAAAAAAAAAAAAAAAA.webp' })).statusCode).toBe(404);
    expect((await server.app.inject({ url: '/v4/media/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('judges the content, not the name: refuses text, a fake header, an unknown format; over 2 MB is 413; players 403', async () => {
    const coach = await coachToken(server);
    const player = await buildUser(server.db);
    const playerToken = await loginAs(server, player);
    const png = await picture(64, 64, 'png');
    const cases: Array<[string, string, ReturnType<typeof multipart>, number]> = [
      ['text named .png', coach.token, multipart('file', 'logo.png', 'image/png', Buffer.from('hello, not an image')), 415],
      [
        'PNG magic then garbage',
        coach.token,
        multipart('file', 'logo.png', 'image/png', Buffer.concat([png.subarray(0, 16), Buffer.alloc(400, 7)])),
        415,
      ],
      ['a GIF', coach.token, multipart('file', 'logo.gif', 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')), 415],
      ['over 2 MB', coach.token, multipart('file', 'big.png', 'image/png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10)])), 413],
      ['another field name', coach.token, multipart('logo', 'logo.png', 'image/png', png), 400],
      ['a player', playerToken, multipart('file', 'logo.png', 'image/png', png), 403],
    ];
    for (const [what, token, body, status] of cases) expect((await upload(server, token, body)).statusCode, what).toBe(status);
    const json = await server.app.inject({ method: 'POST', url: '/v4/media', headers: bearer(coach.token), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(sniffImage(png)).toBe('png');
  });

  it('a coach sets the uploaded logo on the organisation; GET /orgs gives its url', async () => {
    const coach = await coachToken(server);
    const orgId = await buildOrg(server.db, { members: [{ uid: coach.uid, is_coach: true }] });
    const uploaded = (
      await upload(server, coach.token, multipart('file', 'logo.png', 'image/png', await picture(700, 700, 'png')))
    ).json() as { media_id: number; url: string };
    const saved = await server.app.inject({
      method: 'POST',
      url: `/v4/orgs?org_id=${orgId}`,
      headers: bearer(coach.token),
      payload: { name: 'Logo Club', media_id: uploaded.media_id },
    });
    expect(saved.json()).toMatchObject({ media_id: uploaded.media_id, logo_url: uploaded.url });
    const other = await coachToken(server);
    const otherOrg = await buildOrg(server.db, { members: [{ uid: other.uid, is_coach: true }] });
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: `/v4/orgs?org_id=${otherOrg}`,
          headers: bearer(other.token),
          payload: { name: 'Thief', media_id: uploaded.media_id },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('the S3 adapter against a local S3 server (s3rver)', () => {
  let s3: S3rver;
  let dir: string;
  let url: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'holeout-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'holeout-media', configs: [] }],
    });
    const address = (await s3.run()) as AddressInfo;
    url = `http://S3RVER:S3RVER@127.0.0.1:${address.port}/holeout-media?region=us-east-1`;
  });
  afterAll(async () => {
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('puts, gets and deletes signed objects; a missing one is null; an unknown key fails', async () => {
    const storage = createS3Storage(parseS3Url(url));
    const body = await picture(10, 10, 'webp');
    await storage.put('media/abcdefghijklmnopqrstuv.webp', body, 'image/webp');
    const got = await storage.get('media/abcdefghijklmnopqrstuv.webp');
    expect(got?.contentType).toBe('image/webp');
    expect(Buffer.compare(got!.body, body)).toBe(0);
    expect(await storage.get('media/missingmissingmissing1.webp')).toBeNull();
    await storage.delete('media/abcdefghijklmnopqrstuv.webp');
    expect(await storage.get('media/abcdefghijklmnopqrstuv.webp')).toBeNull();
    await expect(storage.put('../escape.webp', body, 'image/webp')).rejects.toThrow(/unsafe/);
    const wrong = createS3Storage(parseS3Url(url.replace('S3RVER:S3RVER', 'NOBODY:wrong')));
    await expect(wrong.put('media/abcdefghijklmnopqrstuv.webp', body, 'image/webp')).rejects.toThrow(/S3 put failed: 403/);
    expect(() => parseS3Url('http://127.0.0.1:9000/bucket')).toThrow(/access key/);
  });

  it('the API stores and serves uploads through it when S3_URL is set', async () => {
    const server = await createTestServer({ config: { s3Url: url } });
    try {
      const coach = await coachToken(server);
      const res = await upload(server, coach.token, multipart('file', 'logo.jpg', 'image/jpeg', await picture(900, 300, 'jpeg')));
      expect(res.statusCode).toBe(200);
      const served = await server.app.inject({ url: (res.json() as { url: string }).url });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(512);
    } finally {
      await server.close();
    }
  });
});
