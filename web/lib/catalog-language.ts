import type { Language } from '#common/language.ts'
import type { Catalog } from '#common/schemas/catalog.ts'

/**
 * A catalog row as read in a language: in French, the row's French texts (its `french` field, which
 * the catalog stores beside the English) over the English ones; the English where a text has no
 * French yet.
 */
export function inLanguage<Row extends { french?: object }>(row: Row, language: Language): Row {
  return language === 'fr' && row.french ? { ...row, ...row.french } : row
}

const regionNames = new Map<Language, Intl.DisplayNames>()

/** A country's name in a language, from its ISO code ("DE" → "Allemagne"); the catalog's otherwise. */
export function countryName(countryCode: string, fallback: string, language: Language): string {
  if (language === 'en') return fallback
  let names = regionNames.get(language)
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' })
    regionNames.set(language, names)
  }
  return names.of(countryCode) ?? fallback
}

/** The whole catalog as read in a language: every row's texts, the countries' names. */
export function catalogInLanguage<Part extends Partial<Catalog>>(catalog: Part, language: Language): Part {
  if (language === 'en') return catalog
  const rows = <Row extends { french?: object }>(list: Row[] | undefined) =>
    list?.map((row) => inLanguage(row, language))
  return {
    ...catalog,
    ...(catalog.clusterTypes && { clusterTypes: rows(catalog.clusterTypes) }),
    ...(catalog.dataCenters && {
      dataCenters: catalog.dataCenters.map((center) => ({
        ...inLanguage(center, language),
        country: countryName(center.countryCode, center.country, language),
      })),
    }),
    ...(catalog.nodeFlavors && { nodeFlavors: rows(catalog.nodeFlavors) }),
    ...(catalog.addOns && { addOns: rows(catalog.addOns) }),
    ...(catalog.middlewareProducts && { middlewareProducts: rows(catalog.middlewareProducts) }),
    ...(catalog.supportPlans && { supportPlans: rows(catalog.supportPlans) }),
  }
}
