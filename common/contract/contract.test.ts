import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorStatusesOf, pathOf } from './endpoint.ts'
import { api, ENDPOINTS, type Endpoint, endpointAt, scopeOfRoute } from './index.ts'
import { RESOURCES } from './resources.ts'

describe('the API contract', () => {
  it('declares each route once, under a unique name', () => {
    const routes = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`)
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([])
    const ids = ENDPOINTS.map((endpoint) => endpoint.id)
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
    expect(endpointAt('GET', '/api/clusters/:id')).toBe(api.clusters.get)
  })

  it('gives every path parameter a schema and every schema a path parameter', () => {
    const problems: string[] = []
    for (const endpoint of ENDPOINTS) {
      const inPath = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]).sort()
      const inSchema = Object.keys(endpoint.params?.shape ?? {}).sort()
      if (inPath.join() !== inSchema.join()) problems.push(`${endpoint.id}: ${inPath} ≠ ${inSchema}`)
    }
    expect(problems).toEqual([])
  })

  it('names only resources it knows, and a success answer for every endpoint', () => {
    for (const endpoint of ENDPOINTS) {
      for (const resource of [...(endpoint.reads ?? []), ...(endpoint.changes ?? [])])
        expect(RESOURCES, endpoint.id).toContain(resource)
      expect(Object.keys(endpoint.responses).length, endpoint.id).toBeGreaterThan(0)
    }
  })

  it('documents 400 wherever the request has a schema, as a malformed id answers', () => {
    for (const endpoint of ENDPOINTS)
      if (endpoint.params) expect(errorStatusesOf(endpoint), endpoint.id).toContain(400)
    expect(errorStatusesOf(api.orders.get)).toEqual([400, 401, 403, 404, 503])
  })

  it('takes API tokens where declared: reading an area is GET, anything else writes it', () => {
    expect(scopeOfRoute('GET', '/api/clusters')).toBe('clusters:read')
    expect(scopeOfRoute('PATCH', '/api/clusters/:id/node-pools/:pool')).toBe('clusters:write')
    expect(scopeOfRoute('DELETE', '/api/installations/:id')).toBe('marketplace:write')
    expect(scopeOfRoute('GET', '/api/audit/csv')).toBe('organization:read')
    expect(scopeOfRoute('GET', '/api/user')).toBeNull()
    expect(scopeOfRoute('GET', '/api/clusterstuff')).toBeNull()
    // The officers' calls and sign-in never take one.
    for (const endpoint of [...Object.values(api.officers), ...Object.values(api.auth)] as Endpoint[])
      expect(endpoint.token, endpoint.id).toBeUndefined()
  })

  it('writes a concrete path from the parameters, escaped', () => {
    expect(pathOf(api.clusters.scaleNodePool, { id: 'a/b', pool: 'workers' })).toBe(
      '/api/clusters/a%2Fb/node-pools/workers',
    )
    expect(() => pathOf(api.clusters.get, {} as { id: string })).toThrow('needs the parameter id')
    expect(z.toJSONSchema(api.clusters.get.params)).toMatchObject({ required: ['id'] })
  })
})
