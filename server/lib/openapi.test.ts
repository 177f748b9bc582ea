import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineEndpoints, empty, file } from '#common/contract/endpoint.ts'
import { ENDPOINTS } from '#common/contract/index.ts'
import { formatLint, lintOpenApi } from '#tests/helpers/redocly.ts'
import { ERROR_RESPONSE, openApiDocument, openApiPath, TAG_DESCRIPTIONS } from './openapi.ts'

const SERVER_URL = 'https://portal.clusterdeck.eu'

const sample = defineEndpoints('samples', {
  page: {
    audience: 'member',
    token: 'clusters',
    method: 'GET',
    path: '/api/samples/:id/page',
    summary: 'A page of samples',
    description: 'With a description',
    params: z.object({ id: z.uuid() }),
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(10),
      search: z.string().describe('Words'),
    }),
    headers: z.object({ 'idempotency-key': z.string().min(8) }),
    responses: {
      200: z.object({ at: z.date(), state: z.enum(['on', 'off']).nullable(), count: z.number() }),
    },
    errors: [404],
  },
  save: {
    audience: 'anyone',
    method: 'POST',
    path: '/api/samples',
    summary: 'Save a sample',
    rateLimited: true,
    body: z.object({ name: z.string() }).optional(),
    bodyMediaType: 'application/x-www-form-urlencoded',
    responses: { 201: z.object({ name: z.string() }), 303: empty('To the saved sample') },
  },
  download: {
    audience: 'user',
    method: 'GET',
    path: '/api/samples/download',
    summary: 'Download',
    responses: { 200: file('application/pdf', 'The sample as PDF'), 304: empty('Unchanged') },
  },
  remove: {
    audience: 'admin',
    method: 'DELETE',
    path: '/api/samples/:id',
    summary: 'Remove',
    params: z.object({ id: z.uuid() }),
    responses: { 204: empty('Removed') },
  },
  helper: {
    audience: 'development',
    method: 'GET',
    path: '/api/samples/helper',
    summary: 'A development helper',
    responses: { 200: z.object({ ok: z.literal(true) }) },
    internal: true,
  },
})
const document = openApiDocument(Object.values(sample), { serverUrl: SERVER_URL, version: '7' })
const page = document.paths['/api/samples/{id}/page']!.get!
const save = document.paths['/api/samples']!.post!

describe('the OpenAPI document written from the contract', () => {
  it('describes the API: title, version, contact, the proprietary licence with the terms page, server', () => {
    expect(document.openapi).toBe('3.0.3')
    expect(document.info).toMatchObject({
      title: 'Clusterdeck API',
      version: '7',
      contact: { url: `${SERVER_URL}/support` },
      license: { name: 'Proprietary', url: `${SERVER_URL}/terms` },
    })
    expect(document.servers).toEqual([{ url: SERVER_URL, description: expect.any(String) }])
    expect(document.components.securitySchemes).toHaveProperty('session')
    expect(document.components.securitySchemes).toHaveProperty('token')
  })

  it('names each operation by its endpoint, with summary, description and its tag declared once', () => {
    expect(page).toMatchObject({
      operationId: 'samples.page',
      summary: 'A page of samples',
      description: 'With a description',
      tags: ['samples'],
    })
    expect(save.description).toBeUndefined()
    expect(document.tags).toEqual([{ name: 'samples', description: expect.any(String) }])
  })

  it('leaves internal endpoints out', () => {
    expect(document.paths['/api/samples/helper']).toBeUndefined()
  })

  it('signs each call as the server checks it: nothing, the session, or a token with its scope', () => {
    expect(page.security).toEqual([{ session: [] }, { token: ['clusters:read'] }])
    expect(save.security).toEqual([])
    expect(document.paths['/api/samples/{id}']!.delete!.security).toEqual([{ session: [] }])
  })

  it('writes the path, query and header parameters from their schemas, as the request is read', () => {
    expect(openApiPath('/api/a/:id/b/:quoteId')).toBe('/api/a/{id}/b/{quoteId}')
    expect(page.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ format: 'uuid' }) },
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
      },
      { name: 'search', in: 'query', required: true, description: 'Words', schema: { type: 'string' } },
      { name: 'idempotency-key', in: 'header', required: true, schema: { type: 'string', minLength: 8 } },
    ])
  })

  it('writes the body in its media type, optional when the schema takes none', () => {
    expect(save.requestBody).toEqual({
      required: false,
      content: {
        'application/x-www-form-urlencoded': {
          schema: expect.objectContaining({ properties: { name: { type: 'string' } } }),
        },
      },
    })
  })

  it('writes each success answer: JSON as it is written, a file in its media type, empty ones and redirects', () => {
    expect(page.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: {
        at: { type: 'string', format: 'date-time' },
        state: { type: 'string', nullable: true, enum: ['on', 'off', null] },
      },
      required: ['at', 'state', 'count'],
    })
    const download = document.paths['/api/samples/download']!.get!
    expect(download.responses['200']).toEqual({
      description: 'The sample as PDF',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    })
    expect(download.responses['304']).toEqual({ description: 'Unchanged' })
    expect(document.paths['/api/samples/{id}']!.delete!.responses['204']).toEqual({ description: 'Removed' })
    expect(save.responses['303']).toMatchObject({
      description: 'To the saved sample',
      headers: { Location: { schema: { type: 'string' } } },
    })
    expect(save.responses['303']!.content).toBeUndefined()
  })

  it('answers every error status of the endpoint with the shared error shape', () => {
    const errors = (operation: typeof page) =>
      Object.keys(operation.responses)
        .map(Number)
        .filter((status) => status >= 400)
    expect(errors(page)).toEqual([400, 401, 403, 404, 503])
    expect(errors(save)).toEqual([400, 403, 429, 503])
    expect(save.responses['429']!.headers).toHaveProperty('Retry-After')
    expect(page.responses['404']!.content).toEqual({
      'application/json': { schema: { $ref: `#/components/schemas/${ERROR_RESPONSE}` } },
    })
    expect(document.components.schemas[ERROR_RESPONSE]).toMatchObject({ required: ['message'] })
  })

  it('moves the definitions of a recursive schema into the components', () => {
    const node: z.ZodType<{ name: string; children: unknown[] }> = z.object({
      name: z.string(),
      get children() {
        return z.array(node)
      },
    })
    const tree = defineEndpoints('trees', {
      get: {
        audience: 'anyone',
        method: 'GET',
        path: '/api/tree',
        summary: 'A tree',
        responses: { 200: z.object({ root: node }) },
      },
    })
    const written = openApiDocument(Object.values(tree), { serverUrl: SERVER_URL })
    const text = JSON.stringify(written)
    expect(text).not.toMatch(/#\/(definitions|\$defs)\//)
    const reference = (
      written.paths['/api/tree']!.get!.responses['200']!.content!['application/json']!.schema as {
        properties: { root: { $ref: string } }
      }
    ).properties.root.$ref
    const name = reference.replace('#/components/schemas/', '')
    expect(written.components.schemas[name]).toMatchObject({ properties: { name: { type: 'string' } } })
  })

  it('has a description for the tag of every area of the contract', () => {
    for (const endpoint of ENDPOINTS) expect(TAG_DESCRIPTIONS, endpoint.tag).toHaveProperty([endpoint.tag])
  })

  it('is clean for the Redocly recommended ruleset: the clusters area', async () => {
    const clusters = ENDPOINTS.filter((endpoint) => endpoint.tag === 'clusters')
    expect(clusters.length).toBeGreaterThan(0)
    const report = await lintOpenApi(openApiDocument(clusters, { serverUrl: SERVER_URL }))
    expect({ errors: report.errors, warnings: report.warnings }, formatLint(report)).toEqual({
      errors: 0,
      warnings: 0,
    })
  }, 60_000)

  it('is clean for the Redocly recommended ruleset: the samples above', async () => {
    const report = await lintOpenApi(document)
    expect({ errors: report.errors, warnings: report.warnings }, formatLint(report)).toEqual({
      errors: 0,
      warnings: 0,
    })
  }, 60_000)
})
