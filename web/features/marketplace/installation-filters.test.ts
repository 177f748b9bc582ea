import { describe, expect, it } from 'vitest'
import { installationFiltersFrom, searchParamsWithInstallationFilters } from './installation-filters.ts'

describe('installation filters in the address', () => {
  it('read what they know and ignore the rest', () => {
    expect(installationFiltersFrom(new URLSearchParams('status=installed&cluster=c1&sort=price'))).toEqual({
      status: 'installed',
      clusterId: 'c1',
      sort: 'price',
    })
    expect(installationFiltersFrom(new URLSearchParams('status=sleeping&sort=random'))).toEqual({
      status: null,
      clusterId: null,
      sort: 'newest',
    })
  })

  it('write only what differs from the defaults, keeping other parameters', () => {
    const written = searchParamsWithInstallationFilters(new URLSearchParams('tab=x&status=failed'), {
      status: null,
      clusterId: 'c2',
      sort: 'newest',
    })
    expect(written.toString()).toBe('tab=x&cluster=c2')
  })
})
