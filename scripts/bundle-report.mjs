#!/usr/bin/env node
// What the first page of the web app costs. Two views of apps/web/dist (run `npm run build` first;
// `npm run bench` does):
//  - up front: the scripts and styles index.html loads before any route renders;
//  - the first page a visitor sees, /login: those plus the login route's chunk and everything it
//    imports statically, followed through Vite's manifest (.vite/manifest.json).
//  - each statistics route: what opening it loads beyond the first page, its chunk and
//    everything that imports statically, charts included. Budget: 150 kB gzipped of JavaScript.
// Sizes raw and gzipped. The first page's JavaScript has a budget of 200 kB gzipped and must hold
// neither zod nor the Capacitor chunk (they belong to later pages and to the native app).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const FIRST_PAGE_MODULE = 'src/features/account/pages/login-page.tsx';
const BUDGET_GZIP = 200 * 1024;
const FORBIDDEN_ON_FIRST_PAGE = /^assets\/vendor-(zod|capacitor)/;
const STATS_ROUTE_BUDGET_GZIP = 150 * 1024;
// Each page route with the module that holds it: the statistics pages, the coach's team views, the coaching, practice and subscription pages.
const STATS_ROUTES = [
  ...[
    'home',
    'player-scoring',
    'player-putting',
    'player-shortgame',
    'player-approach',
    'player-drives',
    'miss-stats',
    'no-stats',
    'custom-sg-settings',
  ].map((r) => [r, `stats/pages/${r}`]),
  ...['group', 'team-scoring', 'team-putting', 'team-shortgame', 'team-approach', 'team-drives'].map((r) => [r, `stats/pages/${r}`]),
  ...['org-management', 'org-info', 'invite'].map((r) => [r, `orgs/pages/${r}`]),
  ...['notifications', 'notification-settings'].map((r) => [r, `notifications/pages/${r}`]),
  ...['drills', 'drill', 'drillresults', 'drillprogress', 'drillresults-team'].map((r) => [r, `drills/pages/${r}`]),
  ['calendar', 'calendar/pages/calendar'],
  ['tag-manager', 'tags/pages/tag-manager'],
  ['subscriptions', 'subscriptions/pages/subscriptions'],
];

if (!existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist is not built: run `npm run build` first.');
  process.exit(1);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const upFront = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const sizes = new Map(
  readdirSync(join(dist, 'assets'))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => {
      const bytes = readFileSync(join(dist, 'assets', name));
      return [`assets/${name}`, { name: `assets/${name}`, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }];
    }),
);
const sum = (list, key) => list.reduce((total, row) => total + row[key], 0);
const print = (title, files) => {
  const rows = [...files]
    .map((f) => sizes.get(f))
    .filter(Boolean)
    .sort((a, b) => b.gzip - a.gzip);
  console.log(title);
  for (const r of rows) console.log(`  ${r.name.padEnd(48)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} gzip`);
  console.log(`  ${'total'.padEnd(48)} ${kb(sum(rows, 'raw')).padStart(10)} ${kb(sum(rows, 'gzip')).padStart(10)} gzip`);
  return rows;
};

print('Up front (loaded by index.html before any route renders):', upFront);

let failed = false;
const manifestFile = join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.log('(no .vite/manifest.json: build with manifest: true to see the first page)');
} else {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const firstPage = new Set();
  const follow = (key) => {
    const entry = manifest[key];
    if (!entry || firstPage.has(entry.file)) return;
    firstPage.add(entry.file);
    for (const css of entry.css ?? []) firstPage.add(css);
    for (const imported of entry.imports ?? []) follow(imported);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) follow(key);
  const loginKey = Object.keys(manifest).find((key) => key.endsWith(FIRST_PAGE_MODULE));
  if (!loginKey) throw new Error(`${FIRST_PAGE_MODULE} is not in the manifest`);
  follow(loginKey);
  const rows = print('\nFirst page, /login (up front + the login route and its static imports):', firstPage);
  const js = rows.filter((r) => r.name.endsWith('.js'));
  const jsGzip = sum(js, 'gzip');
  const forbidden = js.filter((r) => FORBIDDEN_ON_FIRST_PAGE.test(r.name)).map((r) => r.name);
  console.log(`  JavaScript: ${kb(jsGzip)} gzip of a ${kb(BUDGET_GZIP)} budget: ${jsGzip <= BUDGET_GZIP ? 'within' : 'OVER'}`);
  console.log(`  zod or Capacitor on the first page: ${forbidden.length === 0 ? 'none' : forbidden.join(', ')}`);
  failed = jsGzip > BUDGET_GZIP || forbidden.length > 0;

  // Each statistics route: its chunk and static imports, less what the first page already loaded.
  console.log('\nStatistics, team, coaching and practice routes (JavaScript each loads beyond the first page):');
  let largest = { route: '', gzip: 0 };
  for (const [route, module] of STATS_ROUTES) {
    const key = Object.keys(manifest).find((k) => k.endsWith(`src/features/${module}-page.tsx`));
    if (!key) throw new Error(`the ${route} page is not in the manifest`);
    const files = new Set();
    const walk = (k) => {
      const entry = manifest[k];
      if (!entry || files.has(entry.file)) return;
      files.add(entry.file);
      for (const imported of entry.imports ?? []) walk(imported);
    };
    walk(key);
    const own = [...files]
      .filter((f) => !firstPage.has(f) && f.endsWith('.js'))
      .map((f) => sizes.get(f))
      .filter(Boolean);
    const gzip = sum(own, 'gzip');
    if (gzip > largest.gzip) largest = { route, gzip };
    console.log(`  /${route.padEnd(22)} ${kb(sum(own, 'raw')).padStart(10)} ${kb(gzip).padStart(10)} gzip  (${own.length} chunks)`);
  }
  const within = largest.gzip <= STATS_ROUTE_BUDGET_GZIP;
  console.log(
    `  largest: /${largest.route}, ${kb(largest.gzip)} gzip of a ${kb(STATS_ROUTE_BUDGET_GZIP)} budget: ${within ? 'within' : 'OVER'}`,
  );
  if (!within) failed = true;
}

const lazy = [...sizes.values()].filter((r) => !upFront.has(r.name)).sort((a, b) => b.gzip - a.gzip);
console.log(`\nLazy chunks: ${lazy.length}, ${kb(sum(lazy, 'raw'))} raw, ${kb(sum(lazy, 'gzip'))} gzip in all; largest:`);
for (const r of lazy.slice(0, 5)) console.log(`  ${r.name.padEnd(48)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} gzip`);
if (failed) process.exitCode = 1;
