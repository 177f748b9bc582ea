/** The seven entries the footer shows when the tier list has not loaded. */
export const FALLBACK_CLUSTER_TIERS = [
  { id: 'blue', name: 'Standard (Blue)' },
  { id: 'red', name: 'Enterprise (Red)' },
  { id: 'green', name: 'Economy (Green)' },
  { id: 'data', name: 'Data Analytics' },
  { id: 'ai', name: 'AI/ML (Violet)' },
  { id: 'orange', name: 'Dev/Test (Orange)' },
  { id: 'sandbox', name: 'Sandbox (Gray)' },
] as const

export type ClusterTypeSlug = 'blue' | 'red' | 'green' | 'data' | 'ai' | 'sandbox' | 'orange'

/** Keywords, checked in this order; the first rule with a keyword in the name decides, blue otherwise. */
const KEYWORD_RULES: [string[], ClusterTypeSlug][] = [
  [['blue', 'standard'], 'blue'],
  [['red', 'enterprise'], 'red'],
  [['green', 'economy'], 'green'],
  [['data'], 'data'],
  [['ai', 'ml', 'violet'], 'ai'],
  [['sandbox', 'gray'], 'sandbox'],
  [['dev', 'test', 'orange'], 'orange'],
]

export function clusterTypeSlugFor(tierName: string): ClusterTypeSlug {
  const name = tierName.toLowerCase()
  return KEYWORD_RULES.find(([keywords]) => keywords.some((keyword) => name.includes(keyword)))?.[1] ?? 'blue'
}

/** "Standard (Blue)" → "Standard": a trailing parenthetical is not shown. */
export function displayTierName(tierName: string): string {
  return tierName.replace(/\s*\([^)]*\)\s*$/, '').trim()
}

/** `t`, or the words a static page's script carries under the same keys. */
export type TypeNameWords = (key: `common.clusterTypes.${ClusterTypeSlug}`) => string

const SLUGS: readonly string[] = FALLBACK_CLUSTER_TIERS.map((tier) => tier.id)

/**
 * A cluster type's name as customers read it, in the interface's language: the seven types by
 * their words in `common.clusterTypes`, any other by its catalog name without a trailing
 * parenthetical (the catalog's colour words stay internal).
 */
export function clusterTypeName(t: TypeNameWords, type: { id: string; name?: string }): string {
  if (SLUGS.includes(type.id)) return t(`common.clusterTypes.${type.id as ClusterTypeSlug}`)
  return displayTierName(type.name ?? type.id)
}
