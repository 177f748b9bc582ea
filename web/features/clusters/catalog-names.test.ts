import { describe, expect, it } from 'vitest'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'
import { common } from '#web/locales/fr/common.ts'
import { type CatalogForClusters, catalogNames } from './catalog-names.ts'

const catalog = {
  clusterTypes: [{ id: 'red', name: 'Enterprise' }],
  dataCenters: [{ code: 'FRA1', city: 'Francfort' }],
  addOns: [],
  nodeFlavors: [],
} as unknown as CatalogForClusters

describe('catalogNames', () => {
  it('names a cluster type in the interface’s words when given them', () => {
    const french = (key: string) =>
      common.clusterTypes[key.split('.').pop() as keyof typeof common.clusterTypes]
    const names = catalogNames(catalog, (type) => clusterTypeName(french as never, type))
    expect(names.clusterType('red')).toBe('Entreprise')
    expect(names.dataCenter('FRA1')).toBe('Francfort (FRA1)')
  })

  it('falls back to the catalog’s name, then to the id', () => {
    const names = catalogNames(catalog)
    expect(names.clusterType('red')).toBe('Enterprise')
    expect(names.clusterType('violet')).toBe('violet')
  })
})
