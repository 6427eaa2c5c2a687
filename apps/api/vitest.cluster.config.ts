import { defineProject } from 'vitest/config';

// The cluster's tests (test/cluster): HAProxy and two API processes on the PostgreSQL of
// TEST_DATABASE_URL, faults included (a PostgreSQL restart among them), so `npm test` runs them
// alone, after the API suites, one file at a time.
export default defineProject({
  test: {
    name: 'cluster',
    include: ['test/cluster/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
