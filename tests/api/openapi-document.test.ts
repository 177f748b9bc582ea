import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routesOutsideContract } from '#server/app.ts'
import { openApiDocument } from '#server/lib/openapi.ts'
import { formatLint, lintOpenApi } from '#tests/helpers/redocly.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

let server: TestServer

beforeAll(async () => {
  // The document names the app's public address as its server; the ruleset warns of localhost.
  server = await startTestServer({ APP_URL: 'https://portal.clusterdeck.eu' })
})

afterAll(async () => {
  await server?.close()
})

describe('the served OpenAPI document', () => {
  it('is written from the contract: every documented route serves one of its endpoints', async () => {
    expect(routesOutsideContract(server.app.registeredRoutes)).toEqual([])
    const served = (await new TestClient(server.app).get('/api/openapi.json')).json()
    expect(served).toEqual(
      openApiDocument(server.app.registeredEndpoints, { serverUrl: server.ctx.config.appUrl }),
    )
  })

  it('is clean for the Redocly recommended ruleset: 0 errors, 0 warnings', async () => {
    const served = (await new TestClient(server.app).get('/api/openapi.json')).json()
    const report = await lintOpenApi(served)
    expect({ errors: report.errors, warnings: report.warnings }, formatLint(report)).toEqual({
      errors: 0,
      warnings: 0,
    })
  }, 120_000)
})
