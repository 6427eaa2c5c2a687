import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'golf', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'], environment: 'node' },
});
