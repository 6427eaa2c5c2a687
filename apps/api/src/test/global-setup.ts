import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pgHandle, pgliteHandle } from '../db/client.ts';

/** Where each test file copies its database from. */
export type DatabaseTemplate = { kind: 'pglite'; dumpFile: string } | { kind: 'pg'; url: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * Migrates the template once per run. PGlite: a migrated in-memory instance dumped to a tarball
 * that every file loads. PostgreSQL (TEST_DATABASE_URL): the given fresh database is migrated and
 * then serves as the TEMPLATE of one database per test file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const handle = pgHandle(new pg.Pool({ connectionString: url, max: 2 }), url);
    await handle.migrate();
    await handle.close();
    project.provide('databaseTemplate', { kind: 'pg', url });
    return async () => undefined;
  }
  const client = new PGlite();
  const handle = pgliteHandle(client);
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const folder = await mkdtemp(path.join(tmpdir(), 'holeout-api-test-'));
  const dumpFile = path.join(folder, 'template.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', dumpFile });
  return async () => rm(folder, { recursive: true, force: true });
}
