/**
 * `npm test`: type check, lint, boundaries, unit and API tests (real PostgreSQL), then the browser tests
 * (real Chromium) when there are any. Ends with one line: "N passed, N failed".
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> }

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'clusterdeck-test-report-'))
const vitestReport = path.join(reportDir, 'vitest.json')
const hasBrowserTests =
  existsSync('tests/e2e') && readdirSync('tests/e2e').some((file) => file.endsWith('.spec.ts'))

const steps: Step[] = [
  { name: 'typecheck', command: 'tsc', args: ['--noEmit'] },
  { name: 'lint', command: 'biome', args: ['check', '.'] },
  // The code's boundaries: file and module cycles, modules' front doors, layers (scripts/boundaries.ts).
  { name: 'boundaries', command: process.execPath, args: ['scripts/boundaries.ts'] },
  // The billing document tests use xmllint and pdffonts (Debian's libxml2-utils and poppler-utils),
  // installed when missing.
  { name: 'document tools set-up', command: 'bash', args: ['scripts/ensure-document-tools.sh'] },
  // Built first: the API tests also check the security headers of built pages.
  { name: 'build', command: process.execPath, args: ['scripts/build.ts'] },
  {
    name: 'unit and API tests',
    command: 'vitest',
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  },
]

let passed = 0
let failed = 0
const failures: string[] = []
// Named again at the end: a long run's log is often read from its last lines only.
const failedTests: string[] = []

for (const step of steps) {
  console.log(`\n▶ ${step.name}`)
  const result = spawnSync(step.command, step.args, {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  })
  if (result.status !== 0) failures.push(step.name)
}

if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
    testResults: Array<{ name: string; assertionResults: Array<{ status: string; fullName: string }> }>
  }
  passed += report.numPassedTests
  failed += report.numFailedTests
  for (const file of report.testResults)
    for (const test of file.assertionResults)
      if (test.status === 'failed') failedTests.push(`${path.relative('.', file.name)} › ${test.fullName}`)
}

if (hasBrowserTests && !failures.includes('build')) {
  console.log('\n▶ browser tests')
  const chromium = spawnSync('bash', ['scripts/ensure-chromium.sh'], { stdio: 'inherit' })
  if (chromium.status !== 0) failures.push('browser test set-up')
  else {
    const browserReport = path.join(reportDir, 'playwright.json')
    const result = spawnSync('playwright', ['test'], {
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport },
    })
    if (result.status !== 0) failures.push('browser tests')
    if (existsSync(browserReport)) {
      const report = JSON.parse(readFileSync(browserReport, 'utf8')) as PlaywrightReport
      passed += report.stats.expected + report.stats.flaky
      failed += report.stats.unexpected
      failedTests.push(...unexpectedBrowserTests(report.suites))
    }
  }
}

if (failedTests.length > 0)
  console.log(`\nFailed tests:\n${failedTests.map((name) => `  ✘ ${name}`).join('\n')}`)
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`)
if (failures.length > 0 && failed === 0) failed = failures.length
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failures.length > 0 ? 1 : 0)

type PlaywrightSuite = {
  title: string
  file?: string
  specs?: Array<{ title: string; file: string; line: number; tests: Array<{ status: string }> }>
  suites?: PlaywrightSuite[]
}
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number }
  suites: PlaywrightSuite[]
}

function unexpectedBrowserTests(suites: PlaywrightSuite[] = [], titles: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const trail = suite.file === suite.title ? titles : [...titles, suite.title]
    const here = (suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) => `${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}`)
    return [...here, ...unexpectedBrowserTests(suite.suites, trail)]
  })
}
