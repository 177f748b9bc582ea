import { useMemo } from 'react'
import type { Catalog } from '#common/schemas/catalog.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

/** The parts of the catalog the cluster screens name things from (the route passes the catalog in). */
export type CatalogForClusters = Pick<Catalog, 'clusterTypes' | 'dataCenters' | 'addOns' | 'nodeFlavors'>

export type CatalogNames = {
  clusterType: (id: string) => string
  dataCenter: (code: string) => string
  addOn: (id: string) => string
  flavor: (id: string) => string
}

/**
 * Names for ids, falling back to the id itself while the catalog loads or when it lacks one. A
 * cluster type is named by `typeName` when given (the interface's words, `useCatalogNames`).
 */
export function catalogNames(
  catalog: CatalogForClusters | undefined,
  typeName: (type: { id: string; name: string }) => string = (type) => type.name,
): CatalogNames {
  const types = new Map(catalog?.clusterTypes.map((type) => [type.id, typeName(type)]))
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

/** The names the screens show: cluster types in the interface's words and language (`clusterTypeName`). */
export function useCatalogNames(catalog: CatalogForClusters | undefined): CatalogNames {
  const { t } = useTranslation()
  return useMemo(() => catalogNames(catalog, (type) => clusterTypeName(t, type)), [catalog, t])
}
