import { describe, expect, it } from 'vitest'
import type { DataCenter } from '#common/schemas/catalog.ts'
import {
  complianceTagOf,
  complianceTagsPresent,
  filterDataCenters,
  filtersFromSearchParams,
  groupByCountry,
  hasActiveFilters,
  NO_FILTERS,
  regionFilterOf,
  searchParamsWithFilters,
} from './data-center-filters.ts'

function dataCenter(code: string, fields: Partial<DataCenter> = {}): DataCenter {
  return {
    code,
    name: code,
    city: 'Paris',
    countryCode: 'FR',
    country: 'France',
    inEu: true,
    provider: 'Outscale',
    complianceTags: ['GDPR'],
    availability: 'available',
    capacityStatus: 'normal',
    latitude: 48.85,
    longitude: 2.35,
    ...fields,
  }
}

const PARIS = dataCenter('fr-par-1', { complianceTags: ['GDPR', 'HDS', 'ISO 27001'] })
const FRANKFURT = dataCenter('de-fra-1', {
  city: 'Frankfurt',
  countryCode: 'DE',
  country: 'Germany',
  provider: 'Equinix',
  complianceTags: ['GDPR', 'C5'],
})
const ROUBAIX = dataCenter('fr-rbx-1', { city: 'Roubaix', provider: 'OVHcloud', complianceTags: ['HDS'] })
const ZURICH = dataCenter('ch-zrh-1', {
  city: 'Zürich',
  countryCode: 'CH',
  country: 'Switzerland',
  inEu: false,
  provider: 'Green.ch',
  complianceTags: ['FADP', 'ISO 27001'],
})
const ALL = [PARIS, FRANKFURT, ROUBAIX, ZURICH]

describe('filterDataCenters', () => {
  it('keeps everything without filters', () => {
    expect(filterDataCenters(ALL, NO_FILTERS)).toEqual(ALL)
  })

  it('keeps the EU or the rest of the world by region', () => {
    expect(filterDataCenters(ALL, { ...NO_FILTERS, region: 'eu' })).toEqual([PARIS, FRANKFURT, ROUBAIX])
    expect(filterDataCenters(ALL, { ...NO_FILTERS, region: 'outside-eu' })).toEqual([ZURICH])
  })

  it('keeps the holders of a compliance tag', () => {
    expect(filterDataCenters(ALL, { ...NO_FILTERS, complianceTag: 'HDS' })).toEqual([PARIS, ROUBAIX])
    expect(filterDataCenters(ALL, { ...NO_FILTERS, complianceTag: 'SOC 2' })).toEqual([])
  })

  it('searches city, country, code and provider, ignoring case, accents and word order', () => {
    const search = (query: string) => filterDataCenters(ALL, { ...NO_FILTERS, query }).map((dc) => dc.code)
    expect(search('roubaix')).toEqual(['fr-rbx-1'])
    expect(search('  GERMANY ')).toEqual(['de-fra-1'])
    expect(search('fr-par')).toEqual(['fr-par-1'])
    expect(search('ovh')).toEqual(['fr-rbx-1'])
    expect(search('zurich')).toEqual(['ch-zrh-1'])
    expect(search('equinix frankfurt')).toEqual(['de-fra-1'])
    expect(search('paris equinix')).toEqual([])
  })

  it('also searches the translated country name', () => {
    const french = (dc: DataCenter) => ({ DE: 'Allemagne', FR: 'France', CH: 'Suisse' })[dc.countryCode]!
    const found = filterDataCenters(ALL, { ...NO_FILTERS, query: 'allemagne' }, french)
    expect(found).toEqual([FRANKFURT])
  })

  it('combines the filters', () => {
    const filters = { region: 'eu', complianceTag: 'GDPR', query: 'equinix' } as const
    expect(filterDataCenters(ALL, filters)).toEqual([FRANKFURT])
  })
})

describe('complianceTagsPresent', () => {
  it('lists each held tag once, in the catalog order of tags', () => {
    expect(complianceTagsPresent(ALL)).toEqual(['GDPR', 'HDS', 'ISO 27001', 'C5', 'FADP'])
    expect(complianceTagsPresent([])).toEqual([])
  })
})

describe('groupByCountry', () => {
  it('groups by country in the order countries first appear, keeping the data centers’ order', () => {
    expect(groupByCountry(ALL)).toEqual([
      { countryCode: 'FR', country: 'France', dataCenters: [PARIS, ROUBAIX] },
      { countryCode: 'DE', country: 'Germany', dataCenters: [FRANKFURT] },
      { countryCode: 'CH', country: 'Switzerland', dataCenters: [ZURICH] },
    ])
  })

  it('names each country with the name given', () => {
    expect(groupByCountry([FRANKFURT], () => 'Allemagne')[0]!.country).toBe('Allemagne')
  })
})

describe('filters in the query string', () => {
  it('reads known values and ignores unknown ones', () => {
    expect(filtersFromSearchParams(new URLSearchParams('region=eu&compliance=HDS&q=paris'))).toEqual({
      region: 'eu',
      complianceTag: 'HDS',
      query: 'paris',
    })
    expect(filtersFromSearchParams(new URLSearchParams('region=moon&compliance=PCI'))).toEqual(NO_FILTERS)
  })

  it('writes set filters, drops unset ones and keeps other parameters', () => {
    const params = new URLSearchParams('lang=fr&region=eu&q=old')
    const next = searchParamsWithFilters(params, { region: 'all', complianceTag: 'ISO 27001', query: '' })
    expect(next.toString()).toBe('lang=fr&compliance=ISO+27001')
    expect(params.toString()).toBe('lang=fr&region=eu&q=old')
  })

  it('round-trips', () => {
    const filters = { region: 'outside-eu', complianceTag: 'SOC 2', query: 'ash' } as const
    expect(filtersFromSearchParams(searchParamsWithFilters(new URLSearchParams(), filters))).toEqual(filters)
  })
})

describe('hasActiveFilters', () => {
  it('is false only when nothing narrows the list', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false)
    expect(hasActiveFilters({ ...NO_FILTERS, query: '  ' })).toBe(false)
    expect(hasActiveFilters({ ...NO_FILTERS, region: 'eu' })).toBe(true)
  })
})

describe('single filter values', () => {
  it('accept only known regions and tags', () => {
    expect(regionFilterOf('outside-eu')).toBe('outside-eu')
    expect(regionFilterOf('')).toBe('all')
    expect(complianceTagOf('UK GDPR')).toBe('UK GDPR')
    expect(complianceTagOf('')).toBeNull()
    expect(complianceTagOf(null)).toBeNull()
  })
})
