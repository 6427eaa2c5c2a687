import { defineProject } from 'vitest/config';

// Tests migrate one template database in the global setup; each test file then gets its own copy
// (a PGlite clone, or a PostgreSQL database created from the template when TEST_DATABASE_URL is set).
export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
