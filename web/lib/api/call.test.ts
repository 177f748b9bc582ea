import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '#common/contract/index.ts'
import { setApiBaseUrl } from '../api-client.ts'
import { callApi, callApiText, queryApi, urlOf } from './call.ts'

/** A local server that records each request and answers by path. */
const received: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = []
const answers: Record<string, { status: number; type?: string; body: string }> = {
  '/api/clusters/c%201/hibernate': { status: 202, body: '{"id":"c 1"}' },
  '/api/clusters/c1/manifests': { status: 200, type: 'application/yaml', body: 'kind: Cluster\n' },
  '/api/notifications/count': { status: 401, body: '{"message":"Not signed in"}' },
  '/api/orders': { status: 409, body: '{"message":"Already placed"}' },
}
let server: http.Server

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body })
      const answer = answers[request.url!.split('?')[0]!] ?? { status: 404, body: '{"message":"Not found"}' }
      response.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' })
      response.end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
afterAll(() => {
  setApiBaseUrl('')
  server.close()
})

describe('calls by the contract', () => {
  it('builds the URL from the declared path, encoded parameters and the query', () => {
    expect(urlOf(api.clusters.get, { params: { id: 'a/b' } })).toBe('/api/clusters/a%2Fb')
    expect(urlOf(api.clusters.list, { query: { search: 'web app', limit: 20 } })).toBe(
      '/api/clusters?search=web+app&limit=20',
    )
    expect(urlOf(api.catalog.get)).toBe('/api/catalog')
  })

  it('sends the method and path the endpoint declares, and gives its JSON', async () => {
    const answer = await callApi(api.clusters.hibernate, { params: { id: 'c 1' } })
    expect(answer).toEqual({ id: 'c 1' })
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/api/clusters/c%201/hibernate', body: '' })
  })

  it('sends the body as JSON and the declared headers, and an error with the server message', async () => {
    await expect(
      callApi(api.orders.place, {
        body: { kind: 'cluster' } as never,
        headers: { 'idempotency-key': 'k-1' },
      }),
    ).rejects.toMatchObject({ status: 409, message: 'Already placed' })
    const request = received.at(-1)!
    expect(request.method).toBe('POST')
    expect(request.headers['idempotency-key']).toBe('k-1')
    expect(request.headers['content-type']).toBe('application/json')
    expect(JSON.parse(request.body)).toEqual({ kind: 'cluster' })
  })

  it('reads a file answer as text', async () => {
    expect(await callApiText(api.clusters.manifests, { params: { id: 'c1' } })).toBe('kind: Cluster\n')
  })

  it('gives null for a 401 only where the query asks for it', async () => {
    expect(await queryApi(api.notifications.count, undefined, { on401: 'null' })).toBeNull()
    await expect(queryApi(api.notifications.count)).rejects.toMatchObject({ status: 401 })
  })
})
