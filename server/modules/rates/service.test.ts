import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRatesService, RATES_CACHE_MS } from './service.ts'
import { parseBackupRates, parsePrimaryRates } from './sources.ts'

/** Local stand-ins for the two rate services; each answers what the test sets. */
type Answer = { status: number; body: unknown }
const answers: { primary: Answer; backup: Answer } = {
  primary: { status: 200, body: {} },
  backup: { status: 200, body: {} },
}
const calls = { primary: 0, backup: 0 }
/** The requests a hanging service holds open. */
const hanging = new Set<http.ServerResponse>()
let server: http.Server
let baseUrl: string

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const which = request.url?.startsWith('/primary') ? 'primary' : 'backup'
    calls[which]++
    const answer = answers[which]
    // Status 0 stands for a service that hangs: it never answers.
    if (answer.status === 0) {
      hanging.add(response)
      response.on('close', () => hanging.delete(response))
      return
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
)

const primaryOk = { result: 'success', rates: { EUR: 0.91, GBP: 0.79 }, time_last_update_unix: 1_795_000_000 }
const backupOk = { rates: { EUR: 0.92, GBP: 0.8 }, date: '2026-11-20' }
const quietLog = { warn: () => {} }

function service(now: () => number = Date.now, backupAfterMs?: number) {
  return createRatesService({
    primaryUrl: `${baseUrl}/primary`,
    backupUrl: `${baseUrl}/backup`,
    log: quietLog,
    now,
    ...(backupAfterMs === undefined ? {} : { backupAfterMs }),
  })
}

describe('rate validation', () => {
  it('accepts the primary only with result success and numeric EUR and GBP', () => {
    expect(parsePrimaryRates(primaryOk)?.rates).toEqual({ USD: 1, EUR: 0.91, GBP: 0.79 })
    expect(parsePrimaryRates({ ...primaryOk, result: 'error' })).toBeUndefined()
    expect(parsePrimaryRates({ result: 'success', rates: { EUR: '0.9', GBP: 0.8 } })).toBeUndefined()
    expect(parsePrimaryRates({ result: 'success', rates: { EUR: 0.9 } })).toBeUndefined()
  })

  it('accepts the backup with numeric EUR and GBP and reads its date', () => {
    expect(parseBackupRates(backupOk)).toMatchObject({
      rates: { USD: 1, EUR: 0.92, GBP: 0.8 },
      date: '2026-11-20',
    })
    expect(parseBackupRates({ rates: { EUR: null, GBP: 0.8 } })).toBeUndefined()
  })
})

describe('rates service', () => {
  it('asks the backup alongside a primary that keeps silent, instead of waiting out its time-out', async () => {
    answers.primary = { status: 0, body: {} }
    answers.backup = { status: 200, body: backupOk }
    const before = { ...calls }
    const rates = await service(Date.now, 50).current()
    expect(rates).toMatchObject({ source: 'backup', rates: { EUR: 0.92, GBP: 0.8 } })
    expect(calls.primary - before.primary).toBe(1)
    expect(calls.backup - before.backup).toBe(1)
    // The answer came while the primary was still silent, not after its time-out.
    expect(hanging.size).toBe(1)
  })

  it('does not ask the backup when the primary answers in time', async () => {
    answers.primary = { status: 200, body: primaryOk }
    answers.backup = { status: 200, body: backupOk }
    const before = { ...calls }
    expect((await service(Date.now, 60_000).current()).source).toBe('primary')
    expect(calls.backup - before.backup).toBe(0)
  })

  it('uses the primary when it answers well', async () => {
    answers.primary = { status: 200, body: primaryOk }
    const rates = await service().current()
    expect(rates).toMatchObject({
      source: 'primary',
      rates: { EUR: 0.91, GBP: 0.79 },
      timestamp: 1_795_000_000_000,
    })
  })

  it('falls back to the backup when the primary fails or reports no success', async () => {
    answers.primary = { status: 200, body: { ...primaryOk, result: 'error' } }
    answers.backup = { status: 200, body: backupOk }
    expect(await service().current()).toMatchObject({ source: 'backup', rates: { EUR: 0.92 } })
    answers.primary = { status: 500, body: { message: 'down' } }
    expect(await service().current()).toMatchObject({ source: 'backup' })
  })

  it('keeps good rates for 10 minutes, then serves them as cached while both services fail', async () => {
    let clock = 1_000_000
    const rates = service(() => clock)
    answers.primary = { status: 200, body: primaryOk }
    await rates.current()
    const before = calls.primary
    clock += RATES_CACHE_MS - 1
    expect((await rates.current()).source).toBe('primary')
    expect(calls.primary).toBe(before)

    clock += 2
    answers.primary = { status: 503, body: {} }
    answers.backup = { status: 503, body: {} }
    expect(await rates.current()).toMatchObject({ source: 'cache', rates: { EUR: 0.91, GBP: 0.79 } })
  })

  it('gives the fallback rates when nothing ever answered', async () => {
    answers.primary = { status: 503, body: {} }
    answers.backup = { status: 200, body: { rates: {} } }
    expect(await service().current()).toMatchObject({
      source: 'fallback',
      rates: { USD: 1, EUR: 0.845, GBP: 0.733 },
    })
  })
})
