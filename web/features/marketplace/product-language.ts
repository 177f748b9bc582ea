import type { Language } from '#common/language.ts'
import type { Product, ProductSummary } from '#common/schemas/products.ts'

/**
 * A product as read in a language: in French, its French name and description, and its sheet's
 * texts (changes, settings' titles and descriptions, extra costs, what an installation gives) from
 * the French the catalog keeps under each English text; the English where a text has none yet.
 */
export function productInLanguage<Row extends ProductSummary | Product>(
  product: Row,
  language: Language,
): Row {
  if (language !== 'fr' || !product.french) return product
  const { sheet = {}, ...texts } = product.french
  const read = { ...product, ...texts }
  if (!('versions' in read)) return read
  const say = (text: string) => sheet[text] || text
  return {
    ...read,
    versions: read.versions.map((version) => ({
      ...version,
      changes: version.changes.map((change) => ({ ...change, text: say(change.text) })),
    })),
    settingsSchema: schemaInLanguage(read.settingsSchema, say) as Product['settingsSchema'],
    extraCosts: read.extraCosts.map((cost) => ({ ...cost, description: say(cost.description) })),
    afterInstall: say(read.afterInstall),
  }
}

/** A JSON Schema with its titles and descriptions read in the language, at any depth. */
function schemaInLanguage(node: unknown, say: (text: string) => string): unknown {
  if (Array.isArray(node)) return node.map((item) => schemaInLanguage(item, say))
  if (typeof node !== 'object' || node === null) return node
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if ((key === 'title' || key === 'description') && typeof value === 'string') return [key, say(value)]
      // Defaults, examples and allowed values are data, never translated.
      if (key === 'default' || key === 'enum' || key === 'const' || key === 'examples') return [key, value]
      return [key, schemaInLanguage(value, say)]
    }),
  )
}
