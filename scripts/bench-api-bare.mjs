#!/usr/bin/env node
// The yardstick of `npm run bench:api`: a bare Fastify server that answers GET /bare/account with
// the same token-and-user lookup as GET /v4/account, in one SELECT, and nothing else (no helmet,
// request ids, compression, error handler or schema serialisation). On PostgreSQL it reads the
// product's own tables (DATABASE_URL); with BARE_PGLITE=1 it makes an in-memory PGlite with one
// user and the token whose hash BARE_TOKEN_HASH names. Prints "LISTENING <port>" when ready.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';

const LOOKUP = `SELECT t.token_id, u.uid, u.email, u.first_name, u.last_name, u.level, u.benchmark, u.is_coach, u.sub_id,
  u.password_hash, u.pending_email
  FROM tokens t JOIN users u ON u.uid = t.uid
  WHERE t.token_hash = $1 AND t.revoked_at IS NULL
    AND t.last_used_at > now() - interval '30 days' AND t.created_at > now() - interval '180 days'`;

async function openDatabase() {
  if (process.env.BARE_PGLITE !== '1') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    // A named statement, prepared once per connection, as the product's lookup is.
    return (text, values) => pool.query({ name: 'bare_lookup', text, values }).then((r) => r.rows);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite();
  await db.exec(`CREATE TABLE users (uid serial PRIMARY KEY, email text NOT NULL, password_hash text, first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '', level text, benchmark text NOT NULL DEFAULT 'NINETY', is_coach boolean NOT NULL DEFAULT false,
      sub_id integer, pending_email text);
    CREATE TABLE tokens (token_id serial PRIMARY KEY, token_hash text NOT NULL, uid integer NOT NULL REFERENCES users(uid),
      created_at timestamptz NOT NULL DEFAULT now(), last_used_at timestamptz NOT NULL DEFAULT now(), revoked_at timestamptz);
    CREATE UNIQUE INDEX tokens_hash_idx ON tokens (token_hash);
    INSERT INTO users (email, password_hash, first_name, last_name) VALUES ('bench@holeout.demo', '$argon2id$bench', 'Bench', 'Golfer');`);
  await db.query('INSERT INTO tokens (token_hash, uid) VALUES ($1, 1)', [process.env.BARE_TOKEN_HASH]);
  return (text, values) => db.query(text, values).then((r) => r.rows);
}

const query = await openDatabase();
const app = Fastify({ logger: false });
app.get('/bare/account', async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const [row] = await query(LOOKUP, [createHash('sha256').update(token).digest('hex')]);
  if (!row) return reply.code(401).send({ error: 'Not logged in', code: 'UNAUTHORIZED' });
  return {
    uid: row.uid,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    level: row.level,
    benchmark: row.benchmark,
    is_coach: row.is_coach,
    sub_id: row.sub_id,
    has_password: row.password_hash !== null,
    pending_email: row.pending_email,
  };
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`LISTENING ${app.server.address().port}`);
