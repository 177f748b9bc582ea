import { healthSchema } from '#common/schemas/system.ts'
import { ApiError } from '#web/lib/api-client.ts'

/** A check that has not answered after 5 s counts as failed (the same limit as the rates). */
export const SERVICE_CHECK_TIMEOUT_MS = 5_000
/** The status page checks again every 15 s while its tab is visible. */
export const SERVICE_RECHECK_MS = 15_000

/** Why a check failed, in terms the page can explain. */
export type CheckFailure =
  | { kind: 'timeout'; afterMs: number }
  | { kind: 'unreachable' }
  | { kind: 'status'; status: number; detail: string }
  | { kind: 'unexpected-answer' }
  | { kind: 'socket-closed'; code: number; reason: string }

export type ServiceCheck = {
  state: 'healthy' | 'unhealthy'
  /** From the request's start to its answer (or failure), in whole milliseconds. */
  responseMs: number
  /** When the check finished (ms since epoch). */
  checkedAt: number
  failure?: CheckFailure
}

/** One attempt: resolves with nothing when healthy, with the failure otherwise. */
export type Probe = (signal: AbortSignal) => Promise<CheckFailure | undefined>

export type CheckClock = { now: () => number; elapsed: () => number }

const browserClock: CheckClock = { now: Date.now, elapsed: () => performance.now() }

/**
 * Runs a probe with a time-out and measures it. A failing or slow service gives an unhealthy
 * result, never a rejection; only the caller's own abort (the page closing) rejects.
 */
export async function runCheck(
  probe: Probe,
  options: { signal?: AbortSignal; timeoutMs?: number; clock?: CheckClock } = {},
): Promise<ServiceCheck> {
  const { signal, timeoutMs = SERVICE_CHECK_TIMEOUT_MS, clock = browserClock } = options
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const abort = () => controller.abort()
  signal?.addEventListener('abort', abort)
  const started = clock.elapsed()
  let failure: CheckFailure | undefined
  try {
    failure = await Promise.race([probe(controller.signal), rejectOnAbort(controller.signal)])
  } catch (error) {
    if (signal?.aborted) throw error
    failure = timedOut ? { kind: 'timeout', afterMs: timeoutMs } : failureOf(error)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', abort)
  }
  const responseMs = Math.max(0, Math.round(clock.elapsed() - started))
  const checkedAt = clock.now()
  return failure
    ? { state: 'unhealthy', responseMs, checkedAt, failure }
    : { state: 'healthy', responseMs, checkedAt }
}

/** A probe of a health endpoint (`/healthz`, `/readyz`): healthy only on `{ status: "ok" }`. */
export function healthEndpointProbe(fetchBody: (signal: AbortSignal) => Promise<unknown>): Probe {
  return async (signal) =>
    isHealthyBody(await fetchBody(signal)) ? undefined : { kind: 'unexpected-answer' }
}

export function isHealthyBody(body: unknown): boolean {
  const parsed = healthSchema.safeParse(body)
  return parsed.success && parsed.data.status === 'ok'
}

/**
 * What a thrown error says about the service: an HTTP error keeps its status and the server's
 * words ("unavailable" from `/readyz`, else the message); a failed fetch means unreachable.
 */
export function failureOf(error: unknown): CheckFailure {
  if (error instanceof ApiError) {
    const body = healthSchema.safeParse(error.body)
    return { kind: 'status', status: error.status, detail: body.success ? body.data.status : error.message }
  }
  if (error instanceof TypeError) return { kind: 'unreachable' }
  return { kind: 'unexpected-answer' }
}

/** Rejects once the signal aborts, so a probe that ignores its signal cannot hang the check. */
function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new Error('Check aborted')))
  })
}
