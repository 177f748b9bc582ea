import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const CLI = fileURLToPath(new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url))

export type LintProblem = { ruleId: string; severity: 'error' | 'warn'; message: string; pointer: string }
export type LintReport = { errors: number; warnings: number; problems: LintProblem[] }

/**
 * Lints an OpenAPI document with Redocly's `recommended` ruleset, in a directory of its own (no
 * redocly.yaml of the project is read) and without telemetry or update checks.
 */
export async function lintOpenApi(document: unknown): Promise<LintReport> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'clusterdeck-openapi-'))
  try {
    await writeFile(path.join(directory, 'openapi.json'), JSON.stringify(document, null, 2))
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [CLI, 'lint', 'openapi.json', '--extends', 'recommended', '--format', 'json'],
        {
          cwd: directory,
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: 'off',
            REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
            NO_COLOR: '1',
          },
          maxBuffer: 64 * 1024 * 1024,
          timeout: 60_000,
        },
        // The linter exits 1 when it finds errors: the report on stdout says which.
        (error, out) => (out.trim().startsWith('{') ? resolve(out) : reject(error ?? new Error(out))),
      )
    })
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number }
      problems: {
        ruleId: string
        severity: 'error' | 'warn'
        message: string
        location: { pointer: string }[]
      }[]
    }
    return {
      errors: report.totals.errors,
      warnings: report.totals.warnings,
      problems: report.problems.map((problem) => ({
        ruleId: problem.ruleId,
        severity: problem.severity,
        message: problem.message,
        pointer: problem.location[0]?.pointer ?? '',
      })),
    }
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}

/** One line a problem, for an assertion's message. */
export function formatLint(report: LintReport): string {
  return report.problems
    .map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.pointer}: ${problem.message}`)
    .join('\n')
}
