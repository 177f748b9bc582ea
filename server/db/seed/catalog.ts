import { and, count, eq, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Queryable } from '../client.ts'
import {
  addOns,
  clusterTypeFlavors,
  clusterTypes,
  dataCenters,
  kubernetesVersions,
  middlewareProducts,
  nodeFlavors,
  supportPlans,
} from '../schema/index.ts'
import { ADD_ONS } from './add-ons.ts'
import { CLUSTER_TYPES } from './cluster-types.ts'
import { DATA_CENTERS } from './data-centers.ts'
import { KUBERNETES_VERSIONS } from './kubernetes-versions.ts'
import { MIDDLEWARE_PRODUCTS } from './middleware-products.ts'
import { NODE_FLAVORS } from './node-flavors.ts'
import { PRODUCT_DETAILS } from './product-details.ts'
import { SUPPORT_PLANS } from './support-plans.ts'

/**
 * Seeds each catalog table only while it is empty, so super_admin's later edits survive restarts.
 * Cluster types are the exception: rows that predate the catalog columns (tagline still empty)
 * are filled in, rows already filled are left alone. Conflicts are ignored: two instances starting
 * together may both find a table empty.
 */
export async function seedCatalog(db: Queryable): Promise<void> {
  const withPosition = <T>(rows: T[]) => rows.map((row, position) => ({ ...row, position }))

  await db
    .insert(clusterTypes)
    .values(withPosition(CLUSTER_TYPES.map(({ allowedFlavorIds: _, ...type }) => type)))
    .onConflictDoUpdate({
      target: clusterTypes.id,
      set: {
        colour: sql`excluded.colour`,
        tagline: sql`excluded.tagline`,
        slaPercent: sql`excluded.sla_percent`,
        controlPlaneMode: sql`excluded.control_plane_mode`,
        includedFeatures: sql`excluded.included_features`,
        baseMonthlyPriceCents: sql`excluded.base_monthly_price_cents`,
        useCases: sql`excluded.use_cases`,
      },
      setWhere: eq(clusterTypes.tagline, ''),
    })

  if (await isEmpty(db, nodeFlavors))
    await db.insert(nodeFlavors).values(withPosition(NODE_FLAVORS)).onConflictDoNothing()
  if (await isEmpty(db, clusterTypeFlavors)) {
    await db
      .insert(clusterTypeFlavors)
      .values(
        CLUSTER_TYPES.flatMap((type) =>
          type.allowedFlavorIds.map((flavorId) => ({ clusterTypeId: type.id, flavorId })),
        ),
      )
      .onConflictDoNothing()
  }
  if (await isEmpty(db, dataCenters))
    await db.insert(dataCenters).values(withPosition(DATA_CENTERS)).onConflictDoNothing()
  if (await isEmpty(db, kubernetesVersions))
    await db.insert(kubernetesVersions).values(KUBERNETES_VERSIONS).onConflictDoNothing()
  if (await isEmpty(db, addOns)) await db.insert(addOns).values(withPosition(ADD_ONS)).onConflictDoNothing()
  if (await isEmpty(db, middlewareProducts))
    await db.insert(middlewareProducts).values(withPosition(MIDDLEWARE_PRODUCTS)).onConflictDoNothing()
  await fillProductDetails(db)
  if (await isEmpty(db, supportPlans))
    await db.insert(supportPlans).values(withPosition(SUPPORT_PLANS)).onConflictDoNothing()
  await fillFrench(db)
  await fillSheetsInFrench(db)
}

/** Products translated before their sheets were get the sheet's French; a sheet already there is kept. */
async function fillSheetsInFrench(db: Queryable): Promise<void> {
  for (const [table, rows] of [
    [addOns, ADD_ONS],
    [middlewareProducts, MIDDLEWARE_PRODUCTS],
  ] as const) {
    const untranslated = await db
      .select({ id: table.id })
      .from(table)
      .where(sql`not ${table.french} ? 'sheet'`)
    for (const { id } of untranslated) {
      const sheet = rows.find((row) => row.id === id)?.french?.sheet
      if (!sheet || Object.keys(sheet).length === 0) continue
      await db
        .update(table)
        .set({ french: sql`${table.french} || jsonb_build_object('sheet', ${JSON.stringify(sheet)}::jsonb)` })
        .where(and(eq(table.id, id), sql`not ${table.french} ? 'sheet'`))
    }
  }
}

/** Rows that predate their French texts (still `{}`) get the seed's; translated ones are kept. */
async function fillFrench(db: Queryable): Promise<void> {
  const seeded = [
    [clusterTypes, clusterTypes.id, CLUSTER_TYPES.map((row) => [row.id, row.french] as const)],
    [nodeFlavors, nodeFlavors.id, NODE_FLAVORS.map((row) => [row.id, row.french] as const)],
    [dataCenters, dataCenters.code, DATA_CENTERS.map((row) => [row.code, row.french] as const)],
    [addOns, addOns.id, ADD_ONS.map((row) => [row.id, row.french] as const)],
    [
      middlewareProducts,
      middlewareProducts.id,
      MIDDLEWARE_PRODUCTS.map((row) => [row.id, row.french] as const),
    ],
    [supportPlans, supportPlans.id, SUPPORT_PLANS.map((row) => [row.id, row.french] as const)],
  ] as const
  for (const [table, key, rows] of seeded) {
    const untranslated = await db
      .select({ value: count() })
      .from(table)
      .where(sql`${table.french} = '{}'::jsonb`)
    if (untranslated[0]!.value === 0) continue
    for (const [id, french] of rows) {
      if (!french) continue
      await db
        .update(table)
        .set({ french })
        .where(and(eq(key, id), sql`${table.french} = '{}'::jsonb`))
    }
  }
}

/** Products that predate their marketplace details (still `{}`) get them; edited ones are kept. */
async function fillProductDetails(db: Queryable): Promise<void> {
  for (const table of [addOns, middlewareProducts]) {
    const bare = await db.select({ id: table.id }).from(table).where(sql`${table.details} = '{}'::jsonb`)
    for (const { id } of bare) {
      const details = PRODUCT_DETAILS[id]
      if (details) await db.update(table).set({ details }).where(eq(table.id, id))
    }
  }
}

async function isEmpty(db: Queryable, table: PgTable): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(table)
  return (row?.value ?? 0) === 0
}
