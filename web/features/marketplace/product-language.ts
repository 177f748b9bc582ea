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
  const { sheet: _, ...texts } = product.french
  const read = { ...product, ...texts }
  if (!('versions' in read)) return read
  const say = sheetText(product, language)
  return {
    ...read,
    versions: read.versions.map((version) => ({
      ...version,
      changes: version.changes.map((change) => ({ ...change, text: say(change.text) })),
    })),
    // The settings' schema stays as written: the form is checked against it as compiled (its
    // words come through `settingsUiSchema`).
    extraCosts: read.extraCosts.map((cost) => ({ ...cost, description: say(cost.description) })),
    afterInstall: say(read.afterInstall),
  }
}

/** A text of the product's sheet in the language: its French where the catalog keeps one. */
export function sheetText(product: ProductSummary | Product, language: Language): (text: string) => string {
  const sheet = language === 'fr' ? (product.french?.sheet ?? {}) : {}
  return (text) => sheet[text] || text
}

type SchemaProperty = { title?: unknown; description?: unknown; enumTitles?: unknown }

/**
 * The words of a settings form in the language, as the form generator's UI schema: each setting's
 * title, description and the words of its choices (`enumTitles`).
 */
export function settingsUiSchema(
  schema: Record<string, unknown>,
  say: (text: string) => string,
): Record<string, Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, SchemaProperty>
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      {
        ...(typeof property.title === 'string' && { 'ui:title': say(property.title) }),
        ...(typeof property.description === 'string' && { 'ui:description': say(property.description) }),
        ...(Array.isArray(property.enumTitles) && {
          'ui:options': { enumTitles: property.enumTitles.map((title) => say(String(title))) },
        }),
      },
    ]),
  )
}
