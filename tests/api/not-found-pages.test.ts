import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

/**
 * The server knows the web app's route table (the build's list of screens and its built pages):
 * a path no page matches answers 404 with the app, which shows its not-found page; the server's
 * own paths keep working. The browser tests see the same on the real build (smoke.spec.ts).
 */

let server: TestServer
let client: TestClient

const SHELL = '<!doctype html><title>app</title><div id="app-shell"></div>'

/** A build with a few screens, one route of built pages (cluster types) and one built page. */
function builtClient(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'clusterdeck-not-found-client-'))
  writeFileSync(path.join(folder, '__spa-fallback.html'), SHELL)
  mkdirSync(path.join(folder, '.vite'))
  const screens = ['/dashboard', '/clusters/:id', '/cluster-types/:type', '/orders/:id']
  writeFileSync(
    path.join(folder, '.vite', 'route-modules.json'),
    JSON.stringify(screens.map((screen) => ({ path: screen, files: [] }))),
  )
  for (const page of ['cluster-types/blue', 'pricing']) {
    mkdirSync(path.join(folder, page), { recursive: true })
    writeFileSync(path.join(folder, page, 'index.html'), `<!doctype html><title>${page}</title>`)
  }
  return folder
}

beforeAll(async () => {
  server = await startTestServer({ WEB_CLIENT_DIR: builtClient() })
  client = new TestClient(server.app)
}, 120_000)

afterAll(async () => {
  await server?.close()
})

describe('pages the web app does not have', () => {
  it.each([
    '/wsomething',
    '/ws/extra',
    '/healthzz',
    '/readyz/more',
    '/dev/nope',
    '/no-such-page',
    '/cluster-types/nope',
    '/dashboard/extra',
  ])('%s answers 404 with the app, which shows its not-found page', async (url) => {
    const response = await client.get(url)
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toContain('id="app-shell"')
  })

  it.each(['/dashboard', '/clusters/3f6c', '/orders/42'])(
    '%s, a screen of the app, answers 200 with the app',
    async (url) => {
      const response = await client.get(url)
      expect(response.statusCode).toBe(200)
      expect(response.body).toContain('id="app-shell"')
    },
  )

  it('a built page answers 200 with itself', async () => {
    for (const url of ['/cluster-types/blue', '/pricing']) {
      const response = await client.get(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain(`<title>${url.slice(1)}</title>`)
    }
  })

  it('the server’s own paths keep working, and an unknown API path stays a JSON 404', async () => {
    expect((await client.get('/healthz')).statusCode).toBe(200)
    expect((await client.get('/readyz')).statusCode).toBe(200)
    const api = await client.get('/api/nope')
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ message: 'No route for GET /api/nope' })
  })
})
