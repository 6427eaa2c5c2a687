#!/usr/bin/env node
// What the first page of the web app costs: the scripts and styles index.html loads up front
// (entry, modulepreloads, stylesheets), raw and gzipped, beside the lazy chunks loaded on demand.
// Reads apps/web/dist (run `npm run build` first; `npm run bench` does).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist is not built: run `npm run build` first.');
  process.exit(1);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const upFront = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const rows = readdirSync(join(dist, 'assets'))
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => {
    const bytes = readFileSync(join(dist, 'assets', name));
    return { name, raw: bytes.length, gzip: gzipSync(bytes).length, first: upFront.has(`assets/${name}`) };
  })
  .sort((a, b) => b.gzip - a.gzip);

const sum = (list, key) => list.reduce((total, row) => total + row[key], 0);
const first = rows.filter((r) => r.first);
const lazy = rows.filter((r) => !r.first);
console.log('First page (loaded by index.html before any route renders):');
for (const r of first) console.log(`  ${r.name.padEnd(40)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} gzip`);
console.log(`  ${'total'.padEnd(40)} ${kb(sum(first, 'raw')).padStart(10)} ${kb(sum(first, 'gzip')).padStart(10)} gzip`);
console.log(`Lazy chunks: ${lazy.length}, ${kb(sum(lazy, 'raw'))} raw, ${kb(sum(lazy, 'gzip'))} gzip in all; largest:`);
for (const r of lazy.slice(0, 5)) console.log(`  ${r.name.padEnd(40)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} gzip`);
