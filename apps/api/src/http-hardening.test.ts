import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from './test/factories.ts';
import { bearer, createTestServer, type TestServer } from './test/test-server.ts';

let server: TestServer;
let webDist: string;
const INDEX_HTML = `<!doctype html><title>Holeout</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const ASSET = `console.log(${JSON.stringify('holeout '.repeat(300))})`;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'holeout-web-'));
  await mkdir(path.join(webDist, 'assets'));
  // As the build leaves them: each text file with .br and .gz beside it (scripts/precompress.mjs).
  for (const [file, text] of [
    ['index.html', INDEX_HTML],
    ['assets/index-abc123.js', ASSET],
  ] as const) {
    await writeFile(path.join(webDist, file), text);
    await writeFile(path.join(webDist, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(webDist, `${file}.gz`), gzipSync(text));
  }
  server = await createTestServer({ config: { webDist }, timeouts: { requestMs: 400, idleMs: 5_000, checkIntervalMs: 100 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  await rm(webDist, { recursive: true, force: true });
});

/** Sends raw bytes to the listening server and collects what comes back until it closes the socket. */
function rawExchange(send: (socket: ReturnType<typeof connect>) => void, waitMs = 5_000): Promise<string> {
  const { port } = server.app.server.address() as { port: number };
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the socket open; got: ${received}`));
    }, waitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on('error', () => undefined);
    socket.on('connect', () => send(socket));
  });
}

const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { error: string; code: string };

describe('requests that stall or overflow', () => {
  it('cuts off a body that stalls with 408 in the { error, code } shape and closes the connection', async () => {
    const response = await rawExchange((socket) => {
      socket.write(
        'POST /v4/account/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":',
      );
    });
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(response)).toEqual({ error: 'The request did not arrive in time.', code: 'REQUEST_TIMEOUT' });
  });

  it('answers headers that are too large with 431 in the { error, code } shape', async () => {
    const response = await rawExchange((socket) => {
      socket.write(`GET /v4/account HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    });
    expect(response).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(response)).toEqual({ error: 'The request headers are too large.', code: 'HEADERS_TOO_LARGE' });
  });

  it('answers a malformed request line with 400 in the { error, code } shape', async () => {
    const response = await rawExchange((socket) => socket.write('NOT HTTP AT ALL\r\n\r\n'));
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(response)).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers a body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers malformed JSON and an unknown content type in the { error, code } shape', async () => {
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const xml = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ error: 'Send the body as application/json.', code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('JSON charset', () => {
  const login = (contentType: string) =>
    server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      headers: { 'content-type': contentType },
      payload: JSON.stringify({ email: 'nobody@example.test', password: 'x' }),
    });

  it('refuses JSON declared in a charset other than UTF-8 with 415', async () => {
    for (const type of [
      'application/json; charset=iso-8859-1',
      'application/json;charset=utf-16',
      'Application/JSON; Charset="windows-1252"',
    ]) {
      const res = await login(type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('takes JSON with no charset or UTF-8', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json; charset=UTF-8']) {
      expect((await login(type)).statusCode, type).toBe(401);
    }
  });
});

describe('caching and compression', () => {
  it('marks every API answer no-store, signed in or not', async () => {
    const golfer = await buildUser(server.db);
    const login = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: golfer.email, password: golfer.password },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const token = (login.json() as { token: string }).token;
    for (const url of ['/v4/account', '/v4/account/settings', '/v4/account/sessions', '/v4/orgs', '/v4/notifications/count_unread']) {
      const res = await server.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await server.app.inject({ url: '/v4/account' })).headers['cache-control']).toBe('no-store');
  });

  it('compresses JSON over 1 KB with brotli or gzip, and leaves small answers alone', async () => {
    const br = await server.app.inject({ url: '/v4/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toMatchObject({ openapi: '3.1.0' });
    const gzip = await server.app.inject({ url: '/v4/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await server.app.inject({ url: '/v4/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const golfer = await buildUser(server.db);
    const small = await server.app.inject({
      url: '/v4/account',
      headers: { ...bearer(await loginAs(server, golfer)), 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves the web app precompressed with Content-Encoding and Vary', async () => {
    for (const url of ['/', '/assets/index-abc123.js', '/player-putting']) {
      const br = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(String(br.headers.vary), url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString('utf8'), url).toBe(url.startsWith('/assets') ? ASSET : INDEX_HTML);
      const gzip = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      const plain = await server.app.inject({ url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(url.startsWith('/assets') ? ASSET : INDEX_HTML);
    }
  });
});
