import { asc, desc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Catalog, ProductFrench } from '#common/schemas/catalog.ts'
import type { Queryable } from '#server/db/client.ts'
import {
  addOns,
  clusterTypeFlavors,
  clusterTypes,
  dataCenters,
  kubernetesVersions,
  middlewareProducts,
  nodeFlavors,
  supportPlans,
} from '#server/db/schema/index.ts'
import { notFound } from '#server/lib/errors.ts'

/** The cluster types on sale, in display order: the short list of GET /api/cluster-tiers. */
export function listClusterTiers(db: Queryable) {
  return db
    .select({ id: clusterTypes.id, name: clusterTypes.name })
    .from(clusterTypes)
    .orderBy(asc(clusterTypes.position))
}

/** A product table's columns but its marketplace details, which only the products API reads. */
function withoutDetails<Table extends typeof addOns | typeof middlewareProducts>(table: Table) {
  const { details: _, ...columns } = getTableColumns(table)
  // The sheet's French goes with the sheet (the product's own answer), not with every catalog read.
  return { ...columns, french: sql<ProductFrench>`${table.french} - 'sheet'`.as('french') }
}

/** The whole catalog: one query per table, run together; allowed flavors are grouped in memory. */
export async function getCatalog(db: Queryable): Promise<Catalog> {
  const [types, allowed, flavors, centers, versions, addOnRows, middleware, plans] = await Promise.all([
    db.select().from(clusterTypes).orderBy(asc(clusterTypes.position)),
    db
      .select({ clusterTypeId: clusterTypeFlavors.clusterTypeId, flavorId: clusterTypeFlavors.flavorId })
      .from(clusterTypeFlavors)
      .innerJoin(nodeFlavors, eq(nodeFlavors.id, clusterTypeFlavors.flavorId))
      .orderBy(asc(nodeFlavors.position)),
    db.select().from(nodeFlavors).orderBy(asc(nodeFlavors.position)),
    db.select().from(dataCenters).orderBy(asc(dataCenters.position)),
    db.select().from(kubernetesVersions).orderBy(desc(kubernetesVersions.releaseDate)),
    db.select(withoutDetails(addOns)).from(addOns).orderBy(asc(addOns.position)),
    db
      .select(withoutDetails(middlewareProducts))
      .from(middlewareProducts)
      .orderBy(asc(middlewareProducts.position)),
    db.select().from(supportPlans).orderBy(asc(supportPlans.position)),
  ])
  const flavorIdsByType = Map.groupBy(allowed, (row) => row.clusterTypeId)

  return {
    clusterTypes: types.map((type) => ({
      ...type,
      allowedFlavorIds: (flavorIdsByType.get(type.id) ?? []).map((row) => row.flavorId),
    })),
    nodeFlavors: flavors.map(({ position: _, ...flavor }) => flavor),
    dataCenters: centers.map(({ position: _, ...center }) => center),
    kubernetesVersions: versions,
    addOns: addOnRows.map(({ position: _, ...addOn }) => addOn),
    middlewareProducts: middleware.map(({ position: _, ...product }) => product),
    supportPlans: plans.map(({ position: _, ...plan }) => plan),
  }
}

/** A data center's latitude (its picture's sky), or 404. */
export async function findDataCenterLatitude(db: Queryable, code: string): Promise<number> {
  const [center] = await db
    .select({ latitude: dataCenters.latitude })
    .from(dataCenters)
    .where(eq(dataCenters.code, code))
  if (!center) throw notFound('No such data center')
  return center.latitude
}
