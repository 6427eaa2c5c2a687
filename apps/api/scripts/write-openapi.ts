/**
 * Writes openapi/v4.json from the route schemas (`npm run openapi` at the root). The drift test in
 * src/openapi.test.ts fails when the committed file differs from what the app serves.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../src/openapi.ts';

const target = fileURLToPath(new URL('../../../openapi/v4.json', import.meta.url));
await writeFile(target, await openApiDocument());
console.log(`wrote ${target}`);
