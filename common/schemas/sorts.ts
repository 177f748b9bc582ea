/**
 * The orders a list can be sorted in, apart from their schemas so a screen's filters can name
 * them without loading the area's schemas (and zod with them) before the screen shows.
 */

export const CLUSTER_SORTS = ['created_desc', 'created_asc', 'name_asc', 'name_desc', 'cost_desc'] as const

export const INSTALLATION_SORTS = ['newest', 'oldest', 'product', 'price'] as const
