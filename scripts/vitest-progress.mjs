// A vitest reporter for `npm test` (scripts/test.mjs): it appends one JSON line to the file named by
// HOLEOUT_PROGRESS_FILE when the run starts (the test files it will run), when each test file ends
// (its tests passed, failed and skipped) and when the run ends. scripts/test.mjs counts the results
// from these lines and watches them: a run whose test files have all ended is complete even when
// vitest's worker pool then fails to shut down, and a file that never ends is named.
import { appendFileSync } from 'node:fs';

export default class ProgressReporter {
  constructor() {
    this.file = process.env.HOLEOUT_PROGRESS_FILE;
  }

  write(entry) {
    if (this.file) appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
  }

  onTestRunStart(specifications) {
    this.write({ start: specifications.map((s) => `${s.project.name}:${s.moduleId}`) });
  }

  onTestModuleEnd(testModule) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const test of testModule.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
    // A file that fails before its tests run (an import error, a failing hook) counts as one failure.
    const state = testModule.state();
    if (state === 'failed' && counts.failed === 0) counts.failed = 1;
    this.write({ file: `${testModule.project.name}:${testModule.moduleId}`, state, ...counts });
  }

  onTestRunEnd(_testModules, unhandledErrors, reason) {
    this.write({ end: reason, unhandledErrors: unhandledErrors.length });
  }
}
