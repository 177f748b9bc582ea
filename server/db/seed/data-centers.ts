import type { DataCenterRow } from '../schema/catalog.ts'

type SeedDataCenter = Omit<DataCenterRow, 'position'>

/** Data centers in display order: the EU first (the product's home), then the rest of the world. */
export const DATA_CENTERS: SeedDataCenter[] = [
  eu('fr-par-1', 'Paris 1', 'Paris', 'FR', 'France', 'Outscale', [
    'GDPR',
    'HDS',
    'SecNumCloud',
    'CISPE',
    'ISO 27001',
  ], [48.8566, 2.3522]),
  eu('fr-rbx-1', 'Roubaix 1', 'Roubaix', 'FR', 'France', 'OVHcloud', ['GDPR', 'HDS', 'CISPE', 'ISO 27001'], [
    50.6942, 3.1746,
  ]),
  eu(
    'fr-mrs-1',
    'Marseille 1',
    'Marseille',
    'FR',
    'France',
    'Digital Realty',
    ['GDPR', 'ISO 27001'],
    [43.2965, 5.3698],
    { capacityStatus: 'constrained' },
  ),
  eu('de-fra-1', 'Frankfurt 1', 'Frankfurt', 'DE', 'Germany', 'Equinix', ['GDPR', 'C5', 'CISPE', 'ISO 27001'], [
    50.1109, 8.6821,
  ]),
  eu('de-fsn-1', 'Falkenstein 1', 'Falkenstein', 'DE', 'Germany', 'Hetzner', ['GDPR', 'ISO 27001'], [
    50.4779, 12.3713,
  ]),
  eu('nl-ams-1', 'Amsterdam 1', 'Amsterdam', 'NL', 'Netherlands', 'Equinix', ['GDPR', 'CISPE', 'ISO 27001'], [
    52.3676, 4.9041,
  ]),
  eu('pl-waw-1', 'Warsaw 1', 'Warsaw', 'PL', 'Poland', 'Scaleway', ['GDPR', 'CISPE', 'ISO 27001'], [
    52.2297, 21.0122,
  ]),
  eu(
    'it-mil-1',
    'Milan 1',
    'Milan',
    'IT',
    'Italy',
    'Aruba',
    ['GDPR', 'CISPE', 'ISO 27001'],
    [45.4642, 9.19],
    { availability: 'limited', capacityStatus: 'constrained' },
  ),
  eu('se-sto-1', 'Stockholm 1', 'Stockholm', 'SE', 'Sweden', 'Equinix', ['GDPR', 'ISO 27001'], [
    59.3293, 18.0686,
  ]),
  eu(
    'es-mad-1',
    'Madrid 1',
    'Madrid',
    'ES',
    'Spain',
    'Digital Realty',
    ['GDPR', 'ENS', 'ISO 27001'],
    [40.4168, -3.7038],
    { availability: 'coming_soon', capacityStatus: 'full' },
  ),
  abroad('gb-lon-1', 'London 1', 'London', 'GB', 'United Kingdom', 'Equinix', ['UK GDPR', 'ISO 27001'], [
    51.5072, -0.1276,
  ]),
  abroad('ch-zrh-1', 'Zurich 1', 'Zurich', 'CH', 'Switzerland', 'Green.ch', ['FADP', 'ISO 27001'], [
    47.3769, 8.5417,
  ]),
  abroad('us-ash-1', 'Ashburn 1', 'Ashburn', 'US', 'United States', 'Equinix', ['SOC 2', 'ISO 27001'], [
    39.0438, -77.4874,
  ]),
  abroad('ca-bhs-1', 'Beauharnois 1', 'Beauharnois', 'CA', 'Canada', 'OVHcloud', ['SOC 2', 'ISO 27001'], [
    45.3151, -73.8779,
  ]),
  abroad(
    'sg-sin-1',
    'Singapore 1',
    'Singapore',
    'SG',
    'Singapore',
    'Equinix',
    ['SOC 2', 'ISO 27001'],
    [1.3521, 103.8198],
    { availability: 'limited' },
  ),
]

type Status = Partial<Pick<SeedDataCenter, 'availability' | 'capacityStatus'>>

function eu(
  code: string,
  name: string,
  city: string,
  countryCode: string,
  country: string,
  provider: string,
  complianceTags: SeedDataCenter['complianceTags'],
  [latitude, longitude]: [number, number],
  status: Status = {},
): SeedDataCenter {
  return {
    code,
    name,
    city,
    countryCode,
    country,
    inEu: true,
    provider,
    complianceTags,
    availability: 'available',
    capacityStatus: 'normal',
    latitude,
    longitude,
    ...status,
  }
}

function abroad(...args: Parameters<typeof eu>): SeedDataCenter {
  return { ...eu(...args), inEu: false }
}
