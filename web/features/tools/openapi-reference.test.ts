import { describe, expect, it } from 'vitest'
import { auth } from '#common/contract/auth.ts'
import { catalog } from '#common/contract/catalog.ts'
import type { EndpointDefinition } from '#common/contract/endpoint.ts'
import { notifications } from '#common/contract/notifications.ts'
import { system } from '#common/contract/system.ts'
import {
  countOperations,
  filterApiReference,
  operationAnchor,
  readApiReference,
} from './openapi-reference.ts'

const errorBody = {
  'application/json': {
    schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  },
}

/** An endpoint's path as the document writes it: `{id}` for the contract's `:id`. */
const documented = (endpoint: EndpointDefinition) => endpoint.path.replace(/:(\w+)/g, '{$1}')
const versionSummary = documented(system.versionSummary)
const login = documented(auth.login)
const markRead = documented(notifications.markRead)
const list = documented(notifications.list)

/** A slice of the document the server generates from the contract, in its shape. */
const document = {
  openapi: '3.0.3',
  info: { title: 'Clusterdeck API', version: '1', description: 'The API behind the Clusterdeck portal.' },
  components: { schemas: {} },
  paths: {
    [versionSummary]: {
      get: {
        summary: 'The running version and environment (DEV or PROD badge)',
        tags: ['system'],
        responses: { 200: { description: 'Default Response', content: {} } },
      },
    },
    [login]: {
      post: {
        summary: 'Sign in with username or email and password',
        tags: ['auth'],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { username: { type: 'string' }, password: { type: 'string' } },
                required: ['username', 'password'],
              },
            },
          },
        },
        responses: {
          401: { description: 'Default Response', content: errorBody },
          200: { description: 'Signed in' },
        },
      },
    },
    [markRead]: {
      parameters: [{ name: 'id', in: 'path', schema: { type: 'string', format: 'uuid' } }],
      put: { summary: 'Mark one notification as read', tags: ['notifications'], responses: {} },
    },
    [list]: {
      get: {
        summary: "The caller's notifications, newest first",
        tags: ['notifications'],
        parameters: [
          { name: 'limit', in: 'query', required: false, schema: { type: 'integer', default: 100 } },
        ],
        responses: {},
      },
    },
    '/healthz': { get: { summary: 'Liveness: the process answers', responses: {} } },
  },
}

describe('reading the OpenAPI document', () => {
  const reference = readApiReference(document)!

  it('groups operations by tag in the order tags first appear, operations in document order', () => {
    expect(reference.title).toBe('Clusterdeck API')
    expect(reference.version).toBe('1')
    expect(reference.groups.map((group) => group.tag)).toEqual(['system', 'auth', 'notifications', ''])
    expect(
      reference.groups[2]?.operations.map((operation) => `${operation.method} ${operation.path}`),
    ).toEqual([`put ${markRead}`, `get ${list}`])
    expect(reference.operationCount).toBe(5)
  })

  it('reads parameters (path-level ones too; path parameters are always required)', () => {
    const markRead = reference.groups[2]!.operations[0]!
    expect(markRead.parameters).toMatchObject([{ name: 'id', location: 'path', required: true }])
    expect(markRead.parameters[0]?.schema.format).toBe('uuid')
    const list = reference.groups[2]!.operations[1]!
    expect(list.parameters).toMatchObject([{ name: 'limit', location: 'query', required: false }])
    expect(list.parameters[0]?.schema.defaultValue).toBe('100')
  })

  it('reads the request body and the responses sorted by status, without placeholder descriptions', () => {
    const login = reference.groups[1]!.operations[0]!
    expect(login.anchor).toBe('post-api-login')
    expect(login.requestBody?.required).toBe(true)
    expect(login.requestBody?.bodies[0]?.contentType).toBe('application/json')
    expect(login.requestBody?.bodies[0]?.schema.properties?.map((property) => property.name)).toEqual([
      'username',
      'password',
    ])
    expect(login.responses.map((response) => [response.status, response.description])).toEqual([
      ['200', 'Signed in'],
      ['401', undefined],
    ])
    expect(login.responses[1]?.bodies[0]?.schema.properties?.[0]).toMatchObject({
      name: 'message',
      required: true,
    })
  })

  it('refuses anything that is not an OpenAPI document', () => {
    expect(readApiReference({})).toBeUndefined()
    expect(readApiReference({ openapi: '3.0.3' })).toBeUndefined()
    expect(readApiReference(null)).toBeUndefined()
    expect(readApiReference([])).toBeUndefined()
  })
})

describe('operation anchors', () => {
  it('are readable and differ by method and path', () => {
    expect(operationAnchor('get', documented(catalog.get))).toBe('get-api-catalog')
    expect(operationAnchor('PUT', markRead)).toBe('put-api-notifications-id-read')
    expect(operationAnchor('get', '/')).toBe('get-root')
  })
})

describe('filtering operations', () => {
  const { groups } = readApiReference(document)!

  it('keeps every operation for an empty query', () => {
    expect(filterApiReference(groups, '  ')).toBe(groups)
  })

  it('matches path, method, tag and summary, case-insensitively, every word', () => {
    const paths = (query: string) =>
      filterApiReference(groups, query).flatMap((group) =>
        group.operations.map((operation) => operation.path),
      )
    expect(paths('LOGIN')).toEqual([login])
    expect(paths('notifications')).toEqual([markRead, list])
    expect(paths('put notifications')).toEqual([markRead])
    expect(paths('system')).toEqual([versionSummary])
    expect(paths('liveness')).toEqual(['/healthz'])
    expect(paths('no such thing')).toEqual([])
  })

  it('drops the groups it empties and counts what is left', () => {
    const filtered = filterApiReference(groups, 'post')
    expect(filtered.map((group) => group.tag)).toEqual(['auth'])
    expect(countOperations(filtered)).toBe(1)
    expect(countOperations(groups)).toBe(5)
  })
})
