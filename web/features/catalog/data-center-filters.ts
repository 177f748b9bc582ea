import { COMPLIANCE_TAGS, type DataCenter } from '#common/schemas/catalog.ts'

export type ComplianceTag = DataCenter['complianceTags'][number]

/**
 * The /data-centers filters: where a data center is (EU or not), a compliance tag it holds and a
 * free-text search on its city, country, code and provider. They live in the page's query string
 * so a filtered list can be shared and survives the sign-in redirect.
 */
export const REGION_FILTERS = ['all', 'eu', 'outside-eu'] as const
export type RegionFilter = (typeof REGION_FILTERS)[number]

export type DataCenterFilters = {
  region: RegionFilter
  complianceTag: ComplianceTag | null
  query: string
}

export const NO_FILTERS: DataCenterFilters = { region: 'all', complianceTag: null, query: '' }

/** The query-string parameters of each filter. */
export const FILTER_PARAMS = { region: 'region', complianceTag: 'compliance', query: 'q' } as const

/** The country name a person reads: the API's English name, or a translated one. */
export type CountryNameOf = (dataCenter: DataCenter) => string

export type CountryGroup = { countryCode: string; country: string; dataCenters: DataCenter[] }

export function filterDataCenters(
  dataCenters: readonly DataCenter[],
  filters: DataCenterFilters,
  countryNameOf: CountryNameOf = (dataCenter) => dataCenter.country,
): DataCenter[] {
  const words = normalized(filters.query).split(/\s+/).filter(Boolean)
  return dataCenters.filter(
    (dataCenter) =>
      matchesRegion(dataCenter, filters.region) &&
      (filters.complianceTag === null || dataCenter.complianceTags.includes(filters.complianceTag)) &&
      words.every((word) => searchableText(dataCenter, countryNameOf).includes(word)),
  )
}

/** The tags that at least one data center holds, in the catalog's order of tags. */
export function complianceTagsPresent(dataCenters: readonly DataCenter[]): ComplianceTag[] {
  const held = new Set(dataCenters.flatMap((dataCenter) => dataCenter.complianceTags))
  return COMPLIANCE_TAGS.filter((tag) => held.has(tag))
}

/** Data centers by country, countries in the order their first data center comes (the catalog's). */
export function groupByCountry(
  dataCenters: readonly DataCenter[],
  countryNameOf: CountryNameOf = (dataCenter) => dataCenter.country,
): CountryGroup[] {
  const groups = new Map<string, CountryGroup>()
  for (const dataCenter of dataCenters) {
    const group = groups.get(dataCenter.countryCode)
    if (group) group.dataCenters.push(dataCenter)
    else
      groups.set(dataCenter.countryCode, {
        countryCode: dataCenter.countryCode,
        country: countryNameOf(dataCenter),
        dataCenters: [dataCenter],
      })
  }
  return [...groups.values()]
}

export function hasActiveFilters(filters: DataCenterFilters): boolean {
  return filters.region !== 'all' || filters.complianceTag !== null || filters.query.trim() !== ''
}

/** The filters of a query string; unknown values count as no filter. */
export function filtersFromSearchParams(params: URLSearchParams): DataCenterFilters {
  const region = params.get(FILTER_PARAMS.region)
  const tag = params.get(FILTER_PARAMS.complianceTag)
  return {
    region: regionFilterOf(region),
    complianceTag: complianceTagOf(tag),
    query: params.get(FILTER_PARAMS.query) ?? '',
  }
}

/** A region filter from a select or a query string; anything unknown means all regions. */
export function regionFilterOf(value: string | null): RegionFilter {
  return REGION_FILTERS.find((region) => region === value) ?? 'all'
}

/** A compliance tag from a select or a query string; anything unknown means any tag. */
export function complianceTagOf(value: string | null): ComplianceTag | null {
  return COMPLIANCE_TAGS.find((tag) => tag === value) ?? null
}

/** A copy of `params` carrying `filters`, without the parameters of unset filters; others stay. */
export function searchParamsWithFilters(
  params: URLSearchParams,
  filters: DataCenterFilters,
): URLSearchParams {
  const next = new URLSearchParams(params)
  setOrDelete(next, FILTER_PARAMS.region, filters.region === 'all' ? '' : filters.region)
  setOrDelete(next, FILTER_PARAMS.complianceTag, filters.complianceTag ?? '')
  setOrDelete(next, FILTER_PARAMS.query, filters.query)
  return next
}

function matchesRegion(dataCenter: DataCenter, region: RegionFilter): boolean {
  if (region === 'eu') return dataCenter.inEu
  if (region === 'outside-eu') return !dataCenter.inEu
  return true
}

function searchableText(dataCenter: DataCenter, countryNameOf: CountryNameOf): string {
  return normalized(
    [
      dataCenter.city,
      dataCenter.country,
      countryNameOf(dataCenter),
      dataCenter.code,
      dataCenter.provider,
    ].join(' '),
  )
}

/** Lower case without accents, so "zurich" finds Zürich and "francfort" finds Francfort. */
function normalized(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
}

function setOrDelete(params: URLSearchParams, name: string, value: string) {
  if (value) params.set(name, value)
  else params.delete(name)
}
