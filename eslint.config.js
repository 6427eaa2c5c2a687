// ESLint: typescript-eslint's recommended rules plus the import rules that hold the module walls.
// `npm run lint` runs it; `npm test` fails on any error it reports.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const dirsIn = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = dirsIn('./apps/web/src/features/');
const apiModules = dirsIn('./apps/api/src/modules/');

/**
 * The walls, as zones of import-x/no-restricted-paths (a file under `target` may not import from `from`):
 * - packages never import the apps;
 * - nothing under web features/ imports app/ (the shell composes the features, never the reverse);
 * - a web feature imports another feature only through that feature's one public `index.ts`;
 * - an API module imports another module only through that module's public `<m>.module.ts`.
 */
const zones = [
  { target: './packages', from: './apps', message: 'Packages never import the apps.' },
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features never import app/: move what they share to lib/ or components/.',
  },
  { target: './apps/web/src/lib', from: './apps/web/src/features', message: 'lib/ is below the features: it never imports them.' },
  {
    target: './apps/web/src/components',
    from: './apps/web/src/features',
    message: 'components/ is below the features: it never imports them.',
  },
  { target: './apps/web/src/lib', from: './apps/web/src/app', message: 'lib/ never imports app/.' },
  { target: './apps/web/src/components', from: './apps/web/src/app', message: 'components/ never imports app/.' },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`, ...webFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: `A feature reaches another only through its public index.ts (features/<name>/index.ts).`,
  })),
  ...apiModules.map((module) => ({
    target: `./apps/api/src/modules/${module}`,
    from: './apps/api/src/modules',
    except: [`./${module}`, ...apiModules.filter((other) => other !== module).map((other) => `./${other}/${other}.module.ts`)],
    message: 'An API module reaches another only through its public <name>.module.ts.',
  })),
  { target: './apps/api/src/lib', from: './apps/api/src/modules', message: 'lib/ is below the modules: it never imports them.' },
  { target: './apps/api/src/platform', from: './apps/api/src/modules', message: 'platform/ is below the modules: it never imports them.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/android/**',
      'apps/web/ios/**',
      'apps/web/test-results/**',
      'apps/web/playwright-report/**',
      'data/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // TypeScript checks undefined names (tsc -b runs in `npm test`); ESLint's copy knows no DOM or Node globals.
      'no-undef': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
