#!/usr/bin/env node
// A stand-in for Firebase's token service in the browser tests: it makes an RS256 key pair at
// start, publishes the public key as a JWKS (GET /jwks, cached for 300 s as Google's are), and
// signs Firebase-shaped ID tokens for the identity a test asks for (POST /token, CORS open so the
// page's fake SDK can call it).
//   node fake-firebase-server.mjs [projectId]   (or FIREBASE_PROJECT_ID; port from FAKE_FIREBASE_PORT, default 3150)
// POST /token body { provider: 'google.com' | 'apple.com' | 'microsoft.com', email, sub? } -> { idToken, sub }
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

const projectId = process.argv[2] ?? process.env.FIREBASE_PROJECT_ID ?? 'holeout-e2e';
const port = Number(process.env.FAKE_FIREBASE_PORT ?? 3150);
const PROVIDERS = new Set(['google.com', 'apple.com', 'microsoft.com']);

const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
const kid = `e2e-${Date.now().toString(36)}`;
const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };

/** The same person at the same provider is the same subject, run after run, unless the test names one. */
const stableSub = (provider, email) => createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest('hex').slice(0, 28);

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
};

function send(response, status, body, headers = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...CORS, ...headers });
  response.end(JSON.stringify(body));
}

async function readJson(request) {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text || '{}');
}

async function issueToken({ provider, email, sub }) {
  const subject = typeof sub === 'string' && sub !== '' ? sub : stableSub(provider, email);
  const now = Math.floor(Date.now() / 1000);
  const idToken = await new SignJWT({
    email,
    email_verified: true,
    auth_time: now,
    firebase: { sign_in_provider: provider, identities: { [provider]: [subject] } },
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(`https://securetoken.google.com/${projectId}`)
    .setAudience(projectId)
    .setSubject(subject)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
  return { idToken, sub: subject };
}

const server = createServer(async (request, response) => {
  try {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method === 'OPTIONS') return send(response, 204, {});
    if (request.method === 'GET' && path === '/jwks') return send(response, 200, jwks, { 'Cache-Control': 'public, max-age=300' });
    if (request.method === 'GET' && path === '/health') return send(response, 200, { ok: true });
    if (request.method === 'POST' && path === '/token') {
      const body = await readJson(request);
      if (!PROVIDERS.has(body.provider) || typeof body.email !== 'string' || !body.email.includes('@'))
        return send(response, 400, { error: 'provider (google.com, apple.com, microsoft.com) and email are required' });
      return send(response, 200, await issueToken(body));
    }
    return send(response, 404, { error: 'Not found' });
  } catch (cause) {
    return send(response, 400, { error: String(cause) });
  }
});

server.listen(port, '127.0.0.1', () => console.log(`fake Firebase for ${projectId} on http://127.0.0.1:${port}`));
