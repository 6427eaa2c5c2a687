import { PGlite } from '@electric-sql/pglite';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { pgliteHandle } from './db/client.ts';

/** Serialises the served OpenAPI document the way it is committed: 2-space JSON plus a newline. */
export function formatOpenApi(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * The OpenAPI document of the app, built without a migrated database (the document depends only on
 * the routes) and without the web app, so it is the same on every machine.
 */
export async function openApiDocument(): Promise<string> {
  const database = pgliteHandle(new PGlite());
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webDist: '/nonexistent' };
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => undefined } });
  try {
    await app.ready();
    return formatOpenApi(app.swagger());
  } finally {
    await app.close();
    await database.close();
  }
}
