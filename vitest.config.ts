import { defineConfig } from 'vitest/config';

// One vitest run, four projects: `npm test` runs them all; `--project NAME` picks one.
export default defineConfig({
  test: {
    projects: [
      'packages/golf/vitest.config.ts',
      'packages/contracts/vitest.config.ts',
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
