import { asc, eq } from 'drizzle-orm'
import type { ProductFrench } from '#common/schemas/catalog.ts'
import type { Product, ProductDetails, ProductKind, ProductSummary } from '#common/schemas/products.ts'
import type { Queryable } from '#server/db/client.ts'
import { addOns, middlewareProducts } from '#server/db/schema/index.ts'
import { notFound } from '#server/lib/errors.ts'

/** The marketplace's products: add-ons for clusters and middleware, with their details. */

type ProductRow = typeof addOns.$inferSelect | typeof middlewareProducts.$inferSelect

function hasDetails(details: ProductRow['details']): details is ProductDetails {
  return 'versions' in details
}

function toProduct(kind: ProductKind, row: ProductRow): Product | null {
  const details = row.details
  if (!hasDetails(details)) return null
  const fromMonthlyPriceCents =
    details.plans.length > 0
      ? Math.min(...details.plans.map((plan) => plan.monthlyPriceCents))
      : row.monthlyPriceCents
  return {
    kind,
    id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    french: row.french,
    fromMonthlyPriceCents,
    latestVersion: details.versions[0]!.version,
    monthlyPriceCents: row.monthlyPriceCents,
    ...details,
  } as Product
}

export function summaryOf(product: Product): ProductSummary {
  const { id, kind, name, category, description, french, fromMonthlyPriceCents, latestVersion, publisher } =
    product
  return {
    id,
    kind,
    name,
    category,
    description,
    // The sheet's French goes with the sheet: a list shows names and descriptions only.
    french: french && withoutSheet(french),
    fromMonthlyPriceCents,
    latestVersion,
    publisher,
  } as ProductSummary
}

function withoutSheet({ sheet: _, ...texts }: ProductFrench): ProductFrench {
  return texts
}

async function productsOf(db: Queryable, kind: ProductKind, id?: string): Promise<Product[]> {
  const table = kind === 'add_on' ? addOns : middlewareProducts
  const rows = await db
    .select()
    .from(table)
    .where(id === undefined ? undefined : eq(table.id, id))
    .orderBy(asc(table.position))
  return rows.flatMap((row) => toProduct(kind, row) ?? [])
}

/** Every product with its details, add-ons first, each kind in its display order. */
export async function listProducts(db: Queryable, kind?: ProductKind): Promise<ProductSummary[]> {
  const kinds: ProductKind[] = kind ? [kind] : ['add_on', 'middleware']
  const lists = await Promise.all(kinds.map((each) => productsOf(db, each)))
  return lists.flat().map(summaryOf)
}

/** One after the other, not together: the caller's transaction may be the one client. */
export async function findProduct(db: Queryable, id: string): Promise<Product> {
  const [addOn] = await productsOf(db, 'add_on', id)
  const product = addOn ?? (await productsOf(db, 'middleware', id))[0]
  if (!product) throw notFound('No such product')
  return product
}
