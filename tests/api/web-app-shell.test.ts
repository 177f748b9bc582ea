import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_HINT_COOKIE } from '#common/session-hint.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'
import { readRouterManifest, routeModulesOf } from '../../scripts/route-modules.ts'

/**
 * The single-page app's shell names, as module preloads, the scripts of the screen it is answered
 * for (the build's list), so a signed-in screen's code loads beside the entry.
 */
const clientDir = path.resolve('build/client')
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1])

describe.skipIf(!existsSync(path.join(clientDir, '__spa-fallback.html')))('the shell of a screen', () => {
  it.each([
    ['/usage', '/usage'],
    ['/clusters/4f1c2b7e-0000-4000-8000-000000000001', '/clusters/:id'],
    ['/orders/products', '/orders/products'],
    ['/orders/products/4f1c2b7e-0000-4000-8000-000000000001', '/orders/products/:id'],
  ])('%s preloads the modules of its routes (%s) after the shell’s own', async (url, routePath) => {
    const screens = routeModulesOf(readRouterManifest(clientDir))
    const screen = screens.find((candidate) => candidate.path === routePath)
    expect(screen?.files.length).toBeGreaterThan(0)
    const response = await server.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['content-security-policy']).toContain("script-src 'self'")
    const shellPreloads = preloadsOf(readFileSync(path.join(clientDir, '__spa-fallback.html'), 'utf8'))
    expect(preloadsOf(response.body)).toEqual([...shellPreloads, ...screen!.files])
  })

  const readsOf = (html: string) =>
    [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials"\/>/g)].map(
      (match) => match[1],
    )
  const clusterId = '4f1c2b7e-0000-4000-8000-000000000001'
  const signedIn = { cookie: `${SESSION_HINT_COOKIE}=1` }

  it.each([
    [`/clusters/${clusterId}`, ['/api/user', '/api/catalog', `/api/clusters/${clusterId}`]],
    [`/cluster-detail/${clusterId}`, ['/api/user', '/api/catalog', `/api/clusters/${clusterId}`]],
    ['/configure-cluster', ['/api/user', '/api/catalog', '/api/cluster-templates']],
    ['/usage', ['/api/user']],
  ])(
    '%s, for a browser holding a session, preloads what the screen waits for ahead of its scripts',
    async (url, reads) => {
      const response = await server.app.inject({ method: 'GET', url, headers: signedIn })
      expect(response.statusCode).toBe(200)
      expect(readsOf(response.body)).toEqual(reads)
      const lastRead = response.body.lastIndexOf('as="fetch"')
      expect(lastRead).toBeLessThan(response.body.indexOf('<link rel="modulepreload"'))
    },
  )

  it('a browser without a session gets no reads preloaded but the user', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/clusters/${clusterId}` })
    expect(readsOf(response.body)).toEqual(['/api/user'])
  })

  it('a path written to break out of the attribute stays an encoded address', async () => {
    const hostile = `/clusters/${encodeURIComponent('"><script>alert(1)</script>')}`
    const response = await server.app.inject({ method: 'GET', url: hostile, headers: signedIn })
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain('<script>alert(1)')
    expect(readsOf(response.body)).toEqual([
      '/api/user',
      '/api/catalog',
      `/api/clusters/${encodeURIComponent('"><script>alert(1)</script>')}`,
    ])
  })

  it('a path no screen has gets the shell as it is, answered 404 (the app shows its not-found page)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/no-such-page/at-all' })
    expect(response.statusCode).toBe(404)
    const shellPreloads = preloadsOf(readFileSync(path.join(clientDir, '__spa-fallback.html'), 'utf8'))
    expect(preloadsOf(response.body)).toEqual(shellPreloads)
  })
})
