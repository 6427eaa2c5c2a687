import { defineConfig } from 'vitest/config';

// One vitest run over the workspaces' projects (golf, contracts, api, web):
// `npm test` runs them all through scripts/test.mjs; `--project NAME` picks one. `cluster` (HAProxy and
// PostgreSQL faults) runs alone after the API suites.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'apps/api/vitest.cluster.config.ts'],
  },
});
