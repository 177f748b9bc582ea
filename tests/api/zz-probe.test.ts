import { afterAll, beforeAll, it } from 'vitest'
import { DEMO_PASSWORD } from '#server/db/seed/demo-accounts.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'
let server: TestServer
beforeAll(async () => { server = await startTestServer() })
afterAll(() => server.close())
it('probe', async () => {
  const c = new TestClient(server.app)
  await c.post('/api/login', { username: 'demo', password: DEMO_PASSWORD })
  for (const [m, u, p] of [['GET','/ws'],['HEAD','/ws'],['POST','/ws'],['GET','/api/notifications?limit='],['GET','/api/notifications?limit=5&limit=6'],['POST','/api/notifications/mark-all-read', {}],['PUT','/api/notifications/00000000-0000-0000-0000-000000000000/read', {a:1}], ['GET','/api/cluster-tiers?x=1'], ['HEAD','/api/cluster-tiers'], ['GET','/api/officers/check-access'], ['GET','/healthz'], ['OPTIONS','/api/notifications'], ['GET', '/api/notifications/count'], ['GET','/api/openapi.json']] as const) {
    const r = await c.request({ method: m as any, url: u, ...(p ? { payload: p } : {}) })
    console.log(m, u, r.statusCode, r.headers['content-type'], r.body.slice(0, 200))
  }
  const r = await c.request({ method: 'POST', url: '/api/notifications/mark-all-read', headers: { 'content-type': 'application/json' } })
  console.log('empty json body', r.statusCode, r.body)
  const r2 = await c.request({ method: 'PUT', url: '/api/notifications/00000000-0000-0000-0000-000000000000/read', headers: { 'content-type': 'text/plain' }, payload: 'x' })
  console.log('text body', r2.statusCode, r2.body)
})
