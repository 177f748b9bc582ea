import { ApiError } from '../common/contract/client.ts'

/** The exit codes, documented in `clusterdeck --help` and docs/cli.md. */
export const EXIT = {
  ok: 0,
  /** The server refused or failed the call (4xx other than below, 5xx), or could not be reached. */
  server: 1,
  /** The command line is wrong: unknown command or option, missing or invalid value. */
  usage: 2,
  /** No token, a token the server refuses (401), or one lacking the scope (403); an unsafe config file. */
  auth: 3,
  /** What was named does not exist (404). */
  notFound: 4,
  /** The operation followed with --wait failed (or the order was refused). */
  operationFailed: 5,
  /** --timeout passed before the operation finished. */
  timeout: 6,
} as const

export const EXIT_CODE_HELP = `Exit codes:
  0  success
  1  the server refused or failed the call, or could not be reached
  2  usage: unknown command or option, missing or invalid value
  3  authentication: no token, token refused (401) or lacking the scope (403), unsafe config file
  4  not found (404)
  5  the operation followed with --wait failed
  6  --timeout passed before the operation finished`

/** An error the client decides itself, with the exit code it ends with. */
export class CliError extends Error {
  readonly exitCode: number
  constructor(exitCode: number, message: string) {
    super(message)
    this.name = 'CliError'
    this.exitCode = exitCode
  }
}

export const usageError = (message: string) => new CliError(EXIT.usage, message)

/** The exit code of an error a command ended with. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof CliError) return error.exitCode
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return EXIT.auth
    if (error.status === 404) return EXIT.notFound
    if (error.status === 400 || error.status === 422) return EXIT.server
    return EXIT.server
  }
  return EXIT.server
}

/** What stderr says of an error: the server's message, its field issues and the request id. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const lines = [`Error: ${error.message} (HTTP ${error.status}${error.code ? `, ${error.code}` : ''})`]
    for (const issue of error.issues) lines.push(`  ${issue.path}: ${issue.message}`)
    if (error.requestId) lines.push(`Request id: ${error.requestId}`)
    return lines.join('\n')
  }
  if (error instanceof CliError) return `Error: ${error.message}`
  if (error instanceof TypeError && error.message === 'fetch failed') {
    const cause = (error as { cause?: { message?: string } }).cause?.message
    return `Error: the server could not be reached${cause ? ` (${cause})` : ''}`
  }
  return `Error: ${error instanceof Error ? error.message : String(error)}`
}
