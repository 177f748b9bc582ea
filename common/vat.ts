/**
 * VAT of an EU seller established in France (Directive 2006/112/EC): French customers pay French
 * VAT; an EU business with a VAT number of its country's format is reverse-charged; a customer
 * outside the EU pays none. The format check is the one the VIES service applies before it looks
 * a number up; the lookup itself is the customer's declaration.
 */

export const SELLER_COUNTRY = 'FR'
/** The French standard rate, in basis points (20.00%). */
export const FRENCH_VAT_BASIS_POINTS = 2_000

/** VAT number formats by member state, prefix included (Greece's prefix is EL). */
const VAT_NUMBER_FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^EL\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
}

export const EU_COUNTRIES: readonly string[] = Object.keys(VAT_NUMBER_FORMATS)

/** The countries a billing address may be in: the EU's, then the usual others outside it. */
export const BILLING_COUNTRIES: readonly string[] = [
  ...EU_COUNTRIES,
  ...['CH', 'GB', 'IS', 'LI', 'NO', 'CA', 'US', 'AU', 'JP', 'SG', 'IL', 'AE', 'IN', 'BR', 'MA', 'TN'],
]

export const VAT_TREATMENTS = ['domestic', 'reverse_charge', 'export'] as const
export type VatTreatment = (typeof VAT_TREATMENTS)[number]

export const REVERSE_CHARGE_MENTION = 'Autoliquidation — reverse charge, article 196 of Directive 2006/112/EC'
export const EXPORT_MENTION =
  'VAT not applicable — services supplied outside the EU, article 44 of Directive 2006/112/EC'

export function isEuCountry(countryCode: string): boolean {
  return countryCode in VAT_NUMBER_FORMATS
}

/** "fr 12 345.678.901" → "FR12345678901": what people type, as the formats are written. */
export function normalizeVatNumber(vatNumber: string): string {
  return vatNumber.replace(/[\s.-]/g, '').toUpperCase()
}

/** Whether a VAT number has the format of its country's numbers (an EU country only). */
export function isValidVatNumber(countryCode: string, vatNumber: string): boolean {
  const format = VAT_NUMBER_FORMATS[countryCode]
  return format?.test(normalizeVatNumber(vatNumber)) ?? false
}

export type VatRule = { treatment: VatTreatment; basisPoints: number; mention: string | null }

/** Which VAT an invoice to this customer carries. */
export function vatRuleFor(customer: { countryCode: string; vatNumber: string | null }): VatRule {
  if (!isEuCountry(customer.countryCode))
    return { treatment: 'export', basisPoints: 0, mention: EXPORT_MENTION }
  const reverseCharged =
    customer.countryCode !== SELLER_COUNTRY &&
    customer.vatNumber !== null &&
    isValidVatNumber(customer.countryCode, customer.vatNumber)
  if (reverseCharged) return { treatment: 'reverse_charge', basisPoints: 0, mention: REVERSE_CHARGE_MENTION }
  // French customers, and EU customers without a valid number, pay French VAT.
  return { treatment: 'domestic', basisPoints: FRENCH_VAT_BASIS_POINTS, mention: null }
}

/** VAT on a taxable amount in cents, rounded half up to the cent. */
export function vatCents(taxableCents: number, basisPoints: number): number {
  return Math.round((taxableCents * basisPoints) / 10_000)
}
