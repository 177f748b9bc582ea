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
  it('is clean for the Redocly recommended ruleset', async () => {
    const served = (await new TestClient(server.app).get('/api/openapi.json')).json()
    // The switch (server/app.ts): the app serves the document written from the contract once every
    // documented route serves an endpoint; until then it serves @fastify/swagger's, and this lints
    // what the generator writes of the same app's endpoints.
    const fromContract = routesOutsideContract(server.app.registeredRoutes).length === 0
    const document = fromContract
      ? served
      : openApiDocument(server.app.registeredEndpoints, { serverUrl: server.ctx.config.appUrl })
    if (fromContract)
      expect(served).toEqual(
        openApiDocument(server.app.registeredEndpoints, { serverUrl: server.ctx.config.appUrl }),
      )
    const report = await lintOpenApi(document)
    expect({ errors: report.errors, warnings: report.warnings }, formatLint(report)).toEqual({
      errors: 0,
      warnings: 0,
    })
  }, 60_000)
})
