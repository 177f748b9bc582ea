import { defineConfig } from 'vitest/config'
import { LongestFirstSequencer } from './tests/setup/longest-first.ts'

export default defineConfig({
  test: {
    // The API tests wait on server processes and PostgreSQL more than they use the CPU: four test
    // files at a time take the run from about 210 s to about 90 s on two cores (docs/quality.md).
    maxWorkers: 4,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'common/**/*.test.ts',
            'cli/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web/**/*.test.{ts,tsx}',
            'tests/deploy/**/*.test.ts',
          ],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          globalSetup: ['tests/setup/postgres.ts', 'tests/setup/schematrons.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/conformance.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
