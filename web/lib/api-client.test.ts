import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  ApiError,
  apiRequest,
  errorMessageOf,
  GetCache,
  getCache,
  queryPath,
  setApiBaseUrl,
} from './api-client.ts'
import { GET_CACHE_TTL_MS } from './constants.ts'

/** A local server that answers each path as the test sets it, and records what it received. */
type Answer = { status: number; body: string; statusText?: string }
const answers = new Map<string, Answer>()
const received: { method: string; url: string; contentType: string | undefined; body: string }[] = []
let server: http.Server

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({
        method: request.method!,
        url: request.url!,
        contentType: request.headers['content-type'],
        body,
      })
      const answer = answers.get(request.url!) ?? { status: 404, body: '' }
      response.statusCode = answer.status
      // Node fills in an empty status text, so a blank one is sent as a single space.
      if (answer.statusText !== undefined) response.statusMessage = answer.statusText
      response.end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  answers.clear()
  received.length = 0
  getCache.clear()
})

describe('apiRequest', () => {
  it('sends a JSON content type only with a body', async () => {
    answers.set('/api/things', { status: 200, body: '{"ok":true}' })
    await apiRequest('POST', '/api/things', { name: 'x' })
    await apiRequest('POST', '/api/things')
    expect(received[0]).toMatchObject({ contentType: 'application/json', body: '{"name":"x"}' })
    expect(received[1]?.contentType).toBeUndefined()
  })

  it('gives an empty object for 204 and for an empty body', async () => {
    answers.set('/api/none', { status: 204, body: '' })
    answers.set('/api/empty', { status: 200, body: '' })
    expect(await apiRequest('DELETE', '/api/none')).toEqual({})
    expect(await apiRequest('GET', '/api/empty')).toEqual({})
  })

  it('gives an empty list for unparsable user and cluster bodies, else an empty object', async () => {
    answers.set('/api/users', { status: 200, body: '<html>' })
    answers.set('/api/clusters/1', { status: 200, body: 'nope' })
    answers.set('/api/billing', { status: 200, body: 'nope' })
    expect(await apiRequest('GET', '/api/users')).toEqual([])
    expect(await apiRequest('GET', '/api/clusters/1')).toEqual([])
    expect(await apiRequest('GET', '/api/billing')).toEqual({})
  })

  it('throws with the message in the order of errorMessageOf', async () => {
    const cases: [Answer, string][] = [
      [{ status: 400, body: '{"message":"Bad thing","error":"other"}' }, 'Bad thing'],
      [{ status: 400, body: '{"error":"Plain error"}' }, 'Plain error'],
      [{ status: 400, body: '{"error":{"code":7}}' }, '{"code":7}'],
      [{ status: 502, body: 'Gateway exploded' }, 'Gateway exploded'],
      [{ status: 503, body: '   ', statusText: 'Service Unavailable' }, 'Service Unavailable'],
      [{ status: 418, body: '', statusText: ' ' }, 'HTTP Error 418'],
    ]
    for (const [answer, message] of cases) {
      answers.set('/api/fail', answer)
      const error = await apiRequest('POST', '/api/fail').catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).message).toBe(message)
      expect((error as ApiError).status).toBe(answer.status)
    }
  })

  it('keeps every GET answer by its path, and no other method', async () => {
    answers.set('/api/tiers', { status: 200, body: '[1]' })
    expect(await apiRequest('GET', '/api/tiers')).toEqual([1])
    answers.set('/api/tiers', { status: 200, body: '[2]' })
    expect(await apiRequest('GET', '/api/tiers')).toEqual([1])
    answers.set('/api/tiers?kind=addon', { status: 200, body: '[3]' })
    expect(await apiRequest('GET', '/api/tiers?kind=addon')).toEqual([3])
    expect(await apiRequest('POST', '/api/tiers')).toEqual([2])
    expect(await apiRequest('POST', '/api/tiers')).toEqual([2])
    expect(received.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/tiers',
      'GET /api/tiers?kind=addon',
      'POST /api/tiers',
      'POST /api/tiers',
    ])
  })

  it('keeps no failed GET', async () => {
    answers.set('/api/flaky', { status: 503, body: '{"message":"Down"}' })
    await expect(apiRequest('GET', '/api/flaky')).rejects.toThrow('Down')
    answers.set('/api/flaky', { status: 200, body: '{"up":true}' })
    expect(await apiRequest('GET', '/api/flaky')).toEqual({ up: true })
  })
})

describe('queryPath', () => {
  it('returns null on 401 where configured and throws otherwise', async () => {
    answers.set('/api/user', { status: 401, body: '{"message":"Please sign in"}' })
    expect(await queryPath('/api/user', 'null')).toBeNull()
    await expect(queryPath('/api/user')).rejects.toMatchObject({ status: 401, message: 'Please sign in' })
  })

  it('falls back to "Error {status}"', async () => {
    answers.set('/api/x', { status: 500, body: '', statusText: ' ' })
    await expect(queryPath('/api/x')).rejects.toThrow('Error 500')
  })
})

describe('errorMessageOf', () => {
  it('uses the fallback given', () => {
    expect(errorMessageOf(404, '', '', (status) => `Error ${status}`).message).toBe('Error 404')
  })
})

describe('GetCache', () => {
  it('expires entries after 5 minutes', () => {
    let now = 0
    const cache = new GetCache(() => now)
    cache.set('/a', 1)
    now = GET_CACHE_TTL_MS - 1
    expect(cache.get('/a')).toBe(1)
    now = GET_CACHE_TTL_MS
    expect(cache.get('/a')).toBeUndefined()
  })

  it('past 100 entries prunes the 50 oldest expired ones', () => {
    let now = 0
    const cache = new GetCache(() => now)
    for (let index = 0; index < 60; index++) {
      now = index
      cache.set(`/old/${index}`, index)
    }
    now = GET_CACHE_TTL_MS + 100
    for (let index = 0; index < 41; index++) cache.set(`/new/${index}`, index)
    // 101 entries: the 50 oldest expired (old/0–49) are pruned, old/50–59 stay until later.
    expect(cache.size).toBe(51)
    expect(cache.get('/new/0')).toBe(0)
  })

  it('does not prune fresh entries', () => {
    const cache = new GetCache(() => 0)
    for (let index = 0; index < 101; index++) cache.set(`/p/${index}`, index)
    expect(cache.size).toBe(101)
  })
})
