import { describe, expect, it } from 'vitest'
import { scopeOfRoute, scopesAllow, scopesForRole } from './api-scopes.ts'

describe('API token scopes', () => {
  it('reads a route’s area from its path and its access from its method', () => {
    expect(scopeOfRoute('GET', '/api/clusters')).toBe('clusters:read')
    expect(scopeOfRoute('POST', '/api/clusters/:id/scale')).toBe('clusters:write')
    expect(scopeOfRoute('DELETE', '/api/installations/:id')).toBe('marketplace:write')
    expect(scopeOfRoute('GET', '/api/audit/csv')).toBe('organization:read')
    expect(scopeOfRoute('GET', '/api/user')).toBeNull()
    expect(scopeOfRoute('POST', '/api/officers/orders/:id/approve')).toBeNull()
    // A prefix alone is not an area: /api/clusterstuff is not /api/clusters.
    expect(scopeOfRoute('GET', '/api/clusterstuff')).toBeNull()
  })

  it('lets writing include reading, not the other way round', () => {
    expect(scopesAllow(['clusters:write'], 'clusters:read')).toBe(true)
    expect(scopesAllow(['clusters:read'], 'clusters:write')).toBe(false)
    expect(scopesAllow(['billing:read'], 'clusters:read')).toBe(false)
  })

  it('never gives a member more than their role', () => {
    expect(scopesForRole('user')).not.toContain('organization:read')
    expect(scopesForRole('user')).not.toContain('billing:write')
    expect(scopesForRole('user')).toContain('billing:read')
    expect(scopesForRole('admin')).toContain('organization:write')
  })
})
