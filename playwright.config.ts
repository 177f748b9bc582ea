import { availableParallelism } from 'node:os'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4310)
export const E2E_BASE_URL = `http://localhost:${PORT}`

/**
 * Browser tests in Debian's Chromium against the production build, served by the real server
 * on a fresh embedded PostgreSQL (tests/e2e/support/start-server.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // The browser, the server and its database share the CPU: a third worker on two cores was
  // measured no faster (docs/quality.md), so one worker per core.
  workers: Number(process.env.E2E_WORKERS ?? Math.max(2, availableParallelism())),
  retries: 0,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ??
          `${process.env.E2E_OUTPUT_DIR ?? 'test-results'}/results.json`,
      },
    ],
  ],
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace of every test costs about a third of the browser time on two cores; to
    // look into a failure, run that spec again with `--trace=on`.
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node tests/e2e/support/start-server.ts',
    url: `${E2E_BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), APP_URL: E2E_BASE_URL },
  },
})
