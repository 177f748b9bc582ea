import type { Language } from './language.ts'
import { formatAmount } from './pricing.ts'

/**
 * The operator's legal identity: who issues the invoices and whom the legal pages name. Read
 * from the SELLER_* environment variables at the server's start (server/seller-config.ts).
 */
export type SellerIdentity = {
  legalName: string
  /** As written after the name, e.g. "SAS (société par actions simplifiée)". */
  legalForm: string
  shareCapitalCents: number
  address: {
    /** One or two street lines. */
    streetLines: string[]
    postcode: string
    city: string
    /** ISO 3166-1 alpha-2. */
    countryCode: string
  }
  /** The French company number: nine digits. */
  siren: string
  /** The establishment's number: the SIREN and five digits. */
  siret: string
  rcs: { city: string; number: string }
  vatNumber: string
  /** Bank transfer is offered only when the operator gave its account. */
  bankAccount: { iban: string; bic: string } | undefined
  contacts: { supportEmail: string; billingEmail: string; phone: string | undefined }
}

/** The country's name in a language: "France", "Belgique"… */
export function countryName(countryCode: string, language: Language): string {
  return new Intl.DisplayNames([language], { type: 'region' }).of(countryCode) ?? countryCode
}

/** "27 rue du Faubourg Poissonnière, 75009 Paris, France" */
export function oneLineAddress(identity: SellerIdentity, language: Language): string {
  const { streetLines, postcode, city, countryCode } = identity.address
  return [...streetLines, `${postcode} ${city}`, countryName(countryCode, language)].join(', ')
}

/** The lines of the address as a letter shows them, the country last. */
export function addressLines(identity: Pick<SellerIdentity, 'address'>, language: Language): string[] {
  const { streetLines, postcode, city, countryCode } = identity.address
  return [...streetLines, `${postcode} ${city}`, countryName(countryCode, language)]
}

/** "RCS Paris 912 345 675" */
export function rcsText(identity: Pick<SellerIdentity, 'rcs'>): string {
  return `RCS ${identity.rcs.city} ${groupDigits(identity.rcs.number)}`
}

/** "SIREN 912 345 675" */
export function sirenText(identity: Pick<SellerIdentity, 'siren'>): string {
  return `SIREN ${groupDigits(identity.siren)}`
}

/** An IBAN in groups of four, as it is printed. */
export function printedIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ')
}

/** "912345675" → "912 345 675" (a SIREN is written in groups of three). */
function groupDigits(number: string): string {
  return /^\d{9}$/.test(number) ? number.replace(/(\d{3})(?=\d)/g, '$1 ') : number
}

/**
 * The placeholders the legal pages carry (`{{seller.legalName}}`…): the pages are prerendered at
 * build time and the server writes the configured identity into them when it starts.
 */
export function sellerPlaceholderValues(
  identity: SellerIdentity,
  language: Language,
): Record<string, string> {
  return {
    legalName: identity.legalName,
    legalForm: identity.legalForm,
    shareCapital: formatAmount(identity.shareCapitalCents, 'EUR', language),
    registeredOffice: oneLineAddress(identity, language),
    rcs: rcsText(identity),
    siren: identity.siren,
    siret: identity.siret,
    vatNumber: identity.vatNumber,
    supportEmail: identity.contacts.supportEmail,
    billingEmail: identity.contacts.billingEmail,
    contacts: contactsText(identity, language),
  }
}

const CONTACT_LABELS: Record<Language, { support: string; billing: string; phone: string }> = {
  en: { support: 'Support: ', billing: 'Billing: ', phone: 'Phone: ' },
  fr: { support: 'Support : ', billing: 'Facturation : ', phone: 'Téléphone : ' },
}

/** "Support: support@… · Billing: billing@… · Phone: +33 …", the phone only when there is one. */
function contactsText(identity: SellerIdentity, language: Language): string {
  const labels = CONTACT_LABELS[language]
  const { supportEmail, billingEmail, phone } = identity.contacts
  return [
    `${labels.support}${supportEmail}`,
    `${labels.billing}${billingEmail}`,
    ...(phone ? [`${labels.phone}${phone}`] : []),
  ].join(' · ')
}

export const SELLER_PLACEHOLDER = /\{\{seller\.([A-Za-z]+)\}\}/g

/**
 * HTML with its seller placeholders replaced by the identity's values, escaped. An unknown
 * placeholder throws: a typo in a page must not reach a visitor.
 */
export function fillSellerPlaceholders(html: string, identity: SellerIdentity, language: Language): string {
  const values = sellerPlaceholderValues(identity, language)
  return html.replace(SELLER_PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`Unknown placeholder ${placeholder}`)
    return escapeHtmlText(value)
  })
}

function escapeHtmlText(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
