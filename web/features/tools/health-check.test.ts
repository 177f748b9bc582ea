import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#web/lib/api-client.ts'
import {
  failureOf,
  healthEndpointProbe,
  isHealthyBody,
  runCheck,
  SERVICE_CHECK_TIMEOUT_MS,
  SERVICE_RECHECK_MS,
} from './health-check.ts'

/** A clock the test moves: wall time and a monotonic timer for durations. */
function testClock(start = 1_800_000_000_000) {
  let elapsed = 0
  return {
    now: () => start + elapsed,
    elapsed: () => elapsed,
    advance: (ms: number) => {
      elapsed += ms
    },
  }
}

afterEach(() => vi.useRealTimers())

describe('service checks', () => {
  it('checks again every 15 s and gives up on a service after 5 s', () => {
    expect(SERVICE_RECHECK_MS).toBe(15_000)
    expect(SERVICE_CHECK_TIMEOUT_MS).toBe(5_000)
  })

  it('is healthy when the probe finds nothing wrong, with its time and when it finished', async () => {
    const clock = testClock()
    const result = await runCheck(
      async () => {
        clock.advance(42.4)
        return undefined
      },
      { clock },
    )
    expect(result).toEqual({ state: 'healthy', responseMs: 42, checkedAt: clock.now() })
  })

  it('is unhealthy with the reason the probe gives', async () => {
    const clock = testClock()
    const result = await runCheck(
      async () => {
        clock.advance(7)
        return { kind: 'unexpected-answer' }
      },
      { clock },
    )
    expect(result).toEqual({
      state: 'unhealthy',
      responseMs: 7,
      checkedAt: clock.now(),
      failure: { kind: 'unexpected-answer' },
    })
  })

  it('turns a thrown error into a reason instead of failing', async () => {
    const result = await runCheck(async () => {
      throw new ApiError(503, '{"status":"unavailable"}', { status: 'unavailable' })
    })
    expect(result.state).toBe('unhealthy')
    expect(result.failure).toEqual({ kind: 'status', status: 503, detail: 'unavailable' })
  })

  it('fails a probe that has not answered in time, even one that ignores its signal', async () => {
    vi.useFakeTimers()
    let probeSignal: AbortSignal | undefined
    const pending = runCheck(
      (signal) => {
        probeSignal = signal
        return new Promise(() => {})
      },
      { timeoutMs: 5_000 },
    )
    await vi.advanceTimersByTimeAsync(5_000)
    const result = await pending
    expect(result.state).toBe('unhealthy')
    expect(result.failure).toEqual({ kind: 'timeout', afterMs: 5_000 })
    expect(probeSignal?.aborted).toBe(true)
  })

  it("rejects when the caller aborts, so a closed page's check is dropped rather than shown", async () => {
    const controller = new AbortController()
    const pending = runCheck(() => new Promise(() => {}), { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toThrow()
  })
})

describe('health endpoint answers', () => {
  it('counts only { status: "ok" } as healthy', async () => {
    expect(isHealthyBody({ status: 'ok' })).toBe(true)
    expect(isHealthyBody({ status: 'unavailable' })).toBe(false)
    expect(isHealthyBody({})).toBe(false)
    expect(isHealthyBody('ok')).toBe(false)
    expect(await healthEndpointProbe(async () => ({ status: 'ok' }))(new AbortController().signal)).toBe(
      undefined,
    )
    expect(await healthEndpointProbe(async () => ({}))(new AbortController().signal)).toEqual({
      kind: 'unexpected-answer',
    })
  })

  it("explains failures: the server's words with the status, or an unreachable server", () => {
    expect(failureOf(new ApiError(503, 'raw', { status: 'unavailable' }))).toEqual({
      kind: 'status',
      status: 503,
      detail: 'unavailable',
    })
    expect(
      failureOf(new ApiError(500, 'Internal Server Error', { message: 'Internal Server Error' })),
    ).toEqual({
      kind: 'status',
      status: 500,
      detail: 'Internal Server Error',
    })
    expect(failureOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'unreachable' })
    expect(failureOf(new Error('odd'))).toEqual({ kind: 'unexpected-answer' })
  })
})
