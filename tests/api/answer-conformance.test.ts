import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineEndpoints, empty, file } from '#common/contract/endpoint.ts'
import { openApiDocument } from '#server/lib/openapi.ts'
import {
  ConformanceChecker,
  checkAnswers,
  formatViolation,
  type Violation,
} from '#tests/helpers/conformance.ts'

/** The check every API test runs on its answers (tests/setup/conformance.ts), made to fail on purpose. */

const samples = defineEndpoints('samples', {
  get: {
    audience: 'member',
    method: 'GET',
    path: '/api/samples/:id',
    summary: 'One sample',
    params: z.object({ id: z.string() }),
    responses: {
      200: z.object({ name: z.string(), size: z.number().int().positive(), note: z.string().nullable() }),
    },
    errors: [404],
  },
  download: {
    audience: 'member',
    method: 'GET',
    path: '/api/samples/:id/download',
    summary: 'A sample as YAML',
    params: z.object({ id: z.string() }),
    responses: { 200: file('application/yaml', 'YAML') },
  },
  remove: {
    audience: 'member',
    method: 'DELETE',
    path: '/api/samples/:id',
    summary: 'Remove a sample',
    params: z.object({ id: z.string() }),
    responses: { 204: empty('Removed') },
  },
})
const endpoints = Object.values(samples)
const document = openApiDocument(endpoints, { serverUrl: 'https://portal.clusterdeck.eu' })

describe('the answer-conformance check', () => {
  const checker = new ConformanceChecker(document)
  const answer = (status: number, body: unknown, contentType = 'application/json; charset=utf-8') => ({
    method: 'GET',
    route: '/api/samples/:id',
    status,
    contentType,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

  it('accepts what the document says, null where nullable, errors in the shared shape', () => {
    expect(checker.check(answer(200, { name: 'a', size: 1, note: null }))).toBeUndefined()
    expect(checker.check(answer(404, { message: 'Not found' }))).toBeUndefined()
    // A body the framework refuses (too large, unsupported) is answered on any operation.
    expect(checker.check(answer(415, { message: 'Unsupported' }))).toBeUndefined()
    expect(
      checker.check({
        ...answer(200, 'kind: x'),
        route: '/api/samples/:id/download',
        contentType: 'application/yaml',
      }),
    ).toBeUndefined()
    expect(
      checker.check({
        method: 'DELETE',
        route: '/api/samples/:id',
        status: 204,
        contentType: undefined,
        body: '',
      }),
    ).toBeUndefined()
  })

  it('refuses an undocumented status, another media type, a body off the schema', () => {
    expect(checker.check(answer(409, { message: 'Conflict' }))).toMatch(/status 409 is not documented/)
    expect(checker.check(answer(200, 'name: a', 'text/plain'))).toMatch(/media type text\/plain/)
    expect(checker.check(answer(200, { name: 'a', size: -1, note: null }))).toMatch(/\/size must be > 0/)
    expect(checker.check(answer(200, { name: 'a', size: 1 }))).toMatch(/must have required property 'note'/)
    expect(checker.check(answer(200, { name: 'a', size: 1, note: null, extra: 1 }))).toMatch(
      /must NOT have additional properties/,
    )
    expect(checker.check(answer(404, { error: 'Not found' }))).toMatch(/required property 'message'/)
    // A 204's body is dropped by Fastify: what the handler gave is never sent.
    expect(
      checker.check({
        method: 'DELETE',
        route: '/api/samples/:id',
        status: 204,
        contentType: 'application/json',
        body: 'null',
      }),
    ).toBeUndefined()
  })

  describe('installed on an app', () => {
    const violations: Violation[] = []
    const app = Fastify()

    beforeAll(async () => {
      app.decorate('registeredEndpoints', endpoints)
      checkAnswers(app, { serverUrl: 'https://portal.clusterdeck.eu', record: (v) => violations.push(v) })
      // Routes answering past their schemas (no serializer), as a bug in a handler would.
      app.get('/api/samples/:id', { config: { endpoint: samples.get } }, async (request, reply) => {
        const { id } = request.params as { id: string }
        if (id === 'planted')
          return reply.type('application/json').send('{"name":"a","size":"big","note":null}')
        return { name: 'a', size: 2, note: 'fine' }
      })
      app.get(
        '/api/samples/:id/download',
        { config: { endpoint: samples.download } },
        async (_request, reply) => reply.type('text/html').send('<p>not YAML</p>'),
      )
      app.get('/api/other', async () => ({ anything: true }))
      await app.ready()
    })

    afterAll(async () => {
      await app.close()
    })

    it('records the planted violations with method, route, status and the first validation error', async () => {
      expect((await app.inject({ url: '/api/samples/ok' })).statusCode).toBe(200)
      expect((await app.inject({ url: '/api/other' })).statusCode).toBe(200)
      expect(violations).toEqual([])
      await app.inject({ url: '/api/samples/planted' })
      await app.inject({ url: '/api/samples/x/download' })
      expect(violations.map(formatViolation)).toEqual([
        expect.stringMatching(
          /^GET \/api\/samples\/:id answered 200: the body does not match the documented schema: \/size must be integer/,
        ),
        'GET /api/samples/:id/download answered 200: media type text/html where the document says application/yaml',
      ])
    })
  })
})
