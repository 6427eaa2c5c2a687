import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { pgHandle, pgliteHandle, type DatabaseHandle } from '../db/client.ts';
import './global-setup.ts';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  // Two workers copying the template at the same moment may meet "source database is being
  // accessed by other users" (55006); waiting a moment and trying again resolves it.
  for (let attempt = 0; ; attempt += 1) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (err) {
      if (attempt >= 20 || (err as { code?: string }).code !== '55006') throw err;
    } finally {
      await admin.end();
    }
    await sleep(100 + Math.random() * 200);
  }
}

/** A migrated database of this test file's own, copied from the run's template. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const dump = await readFile(template.dumpFile);
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    return pgliteHandle(client);
  }
  const templateName = new URL(template.url).pathname.replace(/^\//, '');
  const adminUrl = withDatabase(template.url, 'postgres');
  const name = `${templateName}_f${process.pid}_${randomBytes(3).toString('hex')}`;
  await createFromTemplate(adminUrl, name, templateName);
  const connectionString = withDatabase(template.url, name);
  const handle = pgHandle(new pg.Pool({ connectionString, max: 5 }), connectionString);
  return {
    ...handle,
    async close() {
      await handle.close();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
