import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'golf',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The detection tests simulate hundreds of seasons (4 s alone); beside three other workers on 2 cores that passes 5 s.
    testTimeout: 30_000,
  },
});
