import { ApiError } from './api-client.ts'

/**
 * A mailed link that cannot be used: the server refuses its token (`INVALID_TOKEN`) or the token
 * is not even well formed. Other failures (rate limits, outages) are not the link's fault.
 */
export function isInvalidLink(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false
  const { code, issues } = (error.body ?? {}) as { code?: unknown; issues?: unknown }
  if (code === 'INVALID_TOKEN') return true
  return (
    Array.isArray(issues) &&
    issues.some((issue) => String((issue as { path?: unknown } | null)?.path ?? '') === 'body.token')
  )
}

/** The server's sentence for a refused token; the screen's own wording for a malformed one. */
export function invalidLinkMessage(error: unknown, fallback: string): string {
  const code = error instanceof ApiError ? (error.body as { code?: unknown } | undefined)?.code : undefined
  return code === 'INVALID_TOKEN' && error instanceof Error ? error.message : fallback
}
