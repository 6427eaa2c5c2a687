import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOpenApi } from './openapi.ts';
import { createTestServer, type TestServer } from './test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document at /v4/openapi.json with the account calls', async () => {
    const res = await server.app.inject({ url: '/v4/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v4/account/register',
        '/v4/account/login',
        '/v4/account/settings',
        '/v4/notifications/count_unread',
        '/v4/orgs',
      ]),
    );
    expect(Object.keys(doc.paths['/v4/account'] ?? {}).sort()).toEqual(['delete', 'get', 'post']);
    expect(doc.paths['/v4/openapi.json']).toBeUndefined();
  });

  it('matches the committed openapi/v4.json (run `npm run openapi` after changing a route)', async () => {
    const committed = await readFile(fileURLToPath(new URL('../../../openapi/v4.json', import.meta.url)), 'utf8');
    const served = formatOpenApi((await server.app.inject({ url: '/v4/openapi.json' })).json());
    expect(served).toBe(committed);
  });
});
