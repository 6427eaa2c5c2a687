/**
 * Writes the derived baseline tables (SCRATCH, EIGHTY, NINETY, HUNDRED, LPGA) to
 * src/baselines/generated/*.ts from the model in src/baselines/model.ts.
 * Run: npm run tables -w packages/golf. A test fails when the committed files differ from this output.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildDerivedTables } from '../src/baselines/model.ts';
import { generatedFileName, renderGeneratedModule } from '../src/baselines/render.ts';

const outDir = fileURLToPath(new URL('../src/baselines/generated/', import.meta.url));
for (const table of buildDerivedTables()) {
  const file = `${outDir}${generatedFileName(table)}`;
  writeFileSync(file, renderGeneratedModule(table));
  console.log(`wrote ${file}`);
}
