import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '#server/db/client.ts'
import { findFreePort } from '#server/lib/net.ts'
import { buildWorkerHealthApp } from '#server/worker-health.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/** What a `--role=worker` process serves for its probes (the Helm chart's worker probes call it). */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('the worker health server', () => {
  it('answers /healthz and /readyz while its database answers, and nothing else', async () => {
    const app = await buildWorkerHealthApp({ db: server.db })
    try {
      const live = await app.inject({ method: 'GET', url: '/healthz' })
      expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }])
      const ready = await app.inject({ method: 'GET', url: '/readyz' })
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }])
      for (const url of ['/api/cluster-tiers', '/api/version/summary', '/'])
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })

  it('is not ready while its database does not answer, and still live', async () => {
    const closedPort = await findFreePort()
    const db = createDatabase(`postgres://clusterdeck@127.0.0.1:${closedPort}/clusterdeck`, { max: 1 })
    const app = await buildWorkerHealthApp({ db })
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' })
      expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'unavailable' }])
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    } finally {
      await app.close()
      await db.$client.end()
    }
  })
})
