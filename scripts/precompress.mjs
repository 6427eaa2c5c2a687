#!/usr/bin/env node
// Writes FILE.br (brotli, quality 11) and FILE.gz (gzip, level 9) beside every text file of a
// built web app, so the server sends them as they are (@fastify/static preCompressed) instead of
// compressing on every request. Usage: node scripts/precompress.mjs DIR (default apps/web/dist).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = resolve(process.argv[2] ?? join(root, 'apps/web/dist'));
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
// Below this, compression saves less than the headers it costs.
const MIN_BYTES = 1024;

let files = 0;
let raw = 0;
let brotli = 0;
const walk = (folder) => {
  for (const name of readdirSync(folder)) {
    const file = join(folder, name);
    if (statSync(file).isDirectory()) {
      walk(file);
      continue;
    }
    if (!TEXT.test(name)) continue;
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    files += 1;
    raw += bytes.length;
    brotli += br.length;
  }
};
walk(dir);
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} kB -> ${(brotli / 1024).toFixed(0)} kB brotli`);
