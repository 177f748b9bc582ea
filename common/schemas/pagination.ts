import { z } from 'zod'

/*
 * The one pagination scheme of the API: a list takes `?limit=&cursor=` and answers
 * `{ items, nextCursor }`, newest first; the cursor is opaque and null on the last page.
 */

export const PAGE_LIMIT_MAX = 100

/** The query of a list; each list picks how many it shows by default. */
export function pageQuerySchema(defaultLimit: number) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(defaultLimit),
    cursor: z.string().max(200).optional(),
  })
}
export type PageQuery = z.output<ReturnType<typeof pageQuerySchema>>

/** A page of a list's items. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() })
}
export type Page<Item> = { items: Item[]; nextCursor: string | null }
