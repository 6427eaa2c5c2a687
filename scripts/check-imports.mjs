#!/usr/bin/env node
// The walls ESLint cannot see, checked over the source text (part of `npm run lint`, so of `npm test`):
//   1. no import cycle among the project's own files, counting type-only imports too: a cycle of
//      types still means two files that cannot be understood, or moved, one without the other;
//   2. no SQL outside the places that own the database: API repositories (`*.repository.ts`),
//      `db/` (client, schema, seed, demo data), the job runner, and test helpers;
//   3. no comment that cites a document outside the repository (the product spec's sections, the API
//      contract document, a path on a development machine): a comment states the rule it relies on.
// It prints each finding and exits 1 when there is any.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceRoots = ['apps/api/src', 'apps/api/scripts', 'apps/web/src', 'apps/web/e2e', 'packages/golf/src', 'packages/contracts/src'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;

function walk(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (SOURCE.test(entry.name)) out.push(path);
  }
  return out;
}

const files = sourceRoots.flatMap((dir) => walk(join(root, dir), []));
const known = new Set(files);
// Static imports and re-exports, type-only ones included; dynamic import() is a lazy edge (a route
// chunk) and is left out, as a cycle through it never runs at load time.
const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (known.has(candidate)) return candidate;
  }
  try {
    if (statSync(base).isFile()) return null;
  } catch {
    /* not a file of ours */
  }
  return null;
}

const graph = new Map();
const texts = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  texts.set(file, text);
  const edges = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveLocal(file, match[1]);
    if (target) edges.add(target);
  }
  graph.set(file, [...edges]);
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
const findings = [];
let index = 0;
const indices = new Map();
const lowlinks = new Map();
const stack = [];
const onStack = new Set();
function strongConnect(start) {
  // Iterative, so a deep import chain cannot overflow the call stack.
  const work = [{ node: start, next: 0 }];
  indices.set(start, index);
  lowlinks.set(start, index);
  index += 1;
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1];
    const edges = graph.get(frame.node) ?? [];
    if (frame.next < edges.length) {
      const target = edges[frame.next];
      frame.next += 1;
      if (!indices.has(target)) {
        indices.set(target, index);
        lowlinks.set(target, index);
        index += 1;
        stack.push(target);
        onStack.add(target);
        work.push({ node: target, next: 0 });
      } else if (onStack.has(target)) {
        lowlinks.set(frame.node, Math.min(lowlinks.get(frame.node), indices.get(target)));
      }
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1].node;
      lowlinks.set(parent, Math.min(lowlinks.get(parent), lowlinks.get(frame.node)));
    }
    if (lowlinks.get(frame.node) === indices.get(frame.node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1)
        findings.push(
          `import cycle: ${component
            .map((f) => relative(root, f))
            .sort()
            .join(' <-> ')}`,
        );
    }
  }
}
for (const file of files) if (!indices.has(file)) strongConnect(file);

// SQL belongs to the repositories. A file elsewhere in the API that imports drizzle-orm or the schema,
// or writes a sql`` template, is database code out of place.
const SQL_HOMES = [
  /\.repository\.ts$/,
  /^apps\/api\/src\/db\//,
  /^apps\/api\/src\/jobs\//,
  /^apps\/api\/src\/test\//,
  /-testing\.ts$/,
  /\.test\.ts$/,
  /^apps\/api\/scripts\//,
];
// Importing a row's type from the schema is fine; importing its tables is database code.
const SQL_USE = [
  /^import\s+(?!type\b)[^;]*from\s+'drizzle-orm(?:\/[^']*)?'/m,
  /^import\s+(?!type\b)[^;]*from\s+'[./]*\/db\/schema(?:\/[^']*)?(?:\.ts)?'/m,
  /\bsql`/,
];
for (const file of files) {
  const rel = relative(root, file);
  if (!rel.startsWith('apps/api/')) continue;
  if (SQL_HOMES.some((home) => home.test(rel))) continue;
  const text = texts.get(file);
  const use = SQL_USE.find((pattern) => pattern.test(text));
  if (use) findings.push(`SQL outside a repository: ${rel} (${use.source})`);
}

// Citations of documents a reader of the repository does not have.
const CITATION =
  /spec(?:'s)? sections? \d|section \d+ of the spec|api-contract|contract\.md|\/work\/shared|(?<![\w.])\/home\/[a-z]|(?<![\w.])\/Users\//i;
for (const file of files) {
  const lines = texts.get(file).split('\n');
  lines.forEach((line, i) => {
    if (CITATION.test(line))
      findings.push(`citation of an outside document: ${relative(root, file)}:${i + 1}: ${line.trim().slice(0, 100)}`);
  });
}

for (const finding of findings) console.error(finding);
if (findings.length > 0) {
  console.error(`\n${findings.length} import or layering problem(s).`);
  process.exit(1);
}
console.log(`imports: ${files.length} files, no cycles, SQL only in repositories, no comment citing an outside document.`);
