import type { Catalog } from '#common/schemas/catalog.ts'

/** The parts of the catalog the cluster screens name things from (the route passes the catalog in). */
export type CatalogForClusters = Pick<Catalog, 'clusterTypes' | 'dataCenters' | 'addOns' | 'nodeFlavors'>

export type CatalogNames = {
  clusterType: (id: string) => string
  dataCenter: (code: string) => string
  addOn: (id: string) => string
  flavor: (id: string) => string
}

/** Names for ids, falling back to the id itself while the catalog loads or when it lacks one. */
export function catalogNames(catalog: CatalogForClusters | undefined): CatalogNames {
  const types = new Map(catalog?.clusterTypes.map((type) => [type.id, type.name]))
  const centers = new Map(
    catalog?.dataCenters.map((center) => [center.code, `${center.city} (${center.code})`]),
  )
  const addOns = new Map(catalog?.addOns.map((addOn) => [addOn.id, addOn.name]))
  const flavors = new Map(catalog?.nodeFlavors.map((flavor) => [flavor.id, flavor.name]))
  return {
    clusterType: (id) => types.get(id) ?? id,
    dataCenter: (code) => centers.get(code) ?? code,
    addOn: (id) => addOns.get(id) ?? id,
    flavor: (id) => flavors.get(id) ?? id,
  }
}
