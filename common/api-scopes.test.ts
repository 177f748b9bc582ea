import { describe, expect, it } from 'vitest'
import { scopesAllow, scopesForRole } from './api-scopes.ts'

describe('API token scopes', () => {
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
