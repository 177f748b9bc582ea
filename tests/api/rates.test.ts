import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import { exchangeRatesSchema } from '#common/schemas/rates.ts'
import { startTestServer, TestClient } from '#tests/helpers/server.ts'

/** Local stand-ins for the two rate services; each answers what the test sets. */
type Answer = { status: number; body: unknown }
const answers: { primary: Answer; backup: Answer } = {
  primary: { status: 503, body: { message: 'down' } },
  backup: { status: 503, body: { message: 'down' } },
}
let rateServices: http.Server
let baseUrl: string

beforeAll(async () => {
  rateServices = http.createServer((request, response) => {
    const answer = request.url?.startsWith('/primary') ? answers.primary : answers.backup
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => rateServices.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(rateServices.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => rateServices.close(() => resolve())))

async function serverOnStandIns() {
  return startTestServer({ RATES_PRIMARY_URL: `${baseUrl}/primary`, RATES_BACKUP_URL: `${baseUrl}/backup` })
}

async function getRates(server: Awaited<ReturnType<typeof startTestServer>>) {
  const response = await new TestClient(server.app).get('/api/rates')
  expect(response.statusCode).toBe(200)
  return exchangeRatesSchema.strict().parse(response.json())
}

describe('GET /api/rates', () => {
  it('names the primary service as the source when it answers', async () => {
    answers.primary = {
      status: 200,
      body: { result: 'success', rates: { EUR: 0.9171, GBP: 0.7912 }, time_last_update_unix: 1_795_000_000 },
    }
    const server = await serverOnStandIns()
    try {
      expect(await getRates(server)).toEqual({
        base: 'USD',
        rates: { USD: 1, EUR: 0.9171, GBP: 0.7912 },
        timestamp: 1_795_000_000_000,
        date: new Date(1_795_000_000_000).toISOString().slice(0, 10),
        source: 'primary',
      })
    } finally {
      await server.close()
    }
  })

  it('says fallback while both services fail, then backup once the backup answers', async () => {
    answers.primary = { status: 503, body: { message: 'down' } }
    answers.backup = { status: 500, body: {} }
    const server = await serverOnStandIns()
    try {
      const before = Date.now()
      const fallback = await getRates(server)
      expect(fallback).toMatchObject({ source: 'fallback', rates: FALLBACK_RATES })
      expect(fallback.timestamp).toBeGreaterThanOrEqual(before)

      answers.backup = { status: 200, body: { rates: { EUR: 0.93, GBP: 0.81 }, date: '2026-11-20' } }
      expect(await getRates(server)).toEqual({
        base: 'USD',
        rates: { USD: 1, EUR: 0.93, GBP: 0.81 },
        timestamp: Date.parse('2026-11-20'),
        date: '2026-11-20',
        source: 'backup',
      })
    } finally {
      await server.close()
    }
  })

  it('documents the source and its four values in the OpenAPI document', async () => {
    const server = await serverOnStandIns()
    try {
      const response = await new TestClient(server.app).get('/api/openapi.json')
      const schema =
        response.json().paths['/api/rates'].get.responses['200'].content['application/json'].schema
      expect(schema.required).toContain('source')
      expect(schema.properties.source.enum).toEqual(['primary', 'backup', 'cache', 'fallback'])
    } finally {
      await server.close()
    }
  })
})
