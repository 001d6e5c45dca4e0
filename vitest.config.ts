import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One run over every package; each package has its own config (environment, includes). */
export default defineConfig({
  test: {
    projects: ['packages/schema', 'packages/server', 'packages/fake-provider', 'packages/web'],
    // Vitest's default is one worker fewer than the CPUs: a single worker on a 2-core CI machine.
    // The integration files mostly wait (databases, child processes, the fake provider), so one
    // worker per CPU keeps both busy; each file has its own databases (test/helpers.ts).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
