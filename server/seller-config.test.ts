import { describe, expect, it } from 'vitest'
import { paymentInstructions } from '#common/payment-instructions.ts'
import { fillSellerPlaceholders } from '#common/seller-identity.ts'
import { paymentOptionsOf } from '#server/modules/billing/seller.ts'
import { ConfigError, loadConfig } from './config.ts'

const SECRET = 'a-session-secret-of-at-least-32-characters'

function sellerOf(environment: Record<string, string>) {
  return loadConfig({ SESSION_SECRET: SECRET, ...environment }).seller
}

/** The one-line message loadConfig throws for a bad environment (fails when none is thrown). */
function refusal(environment: Record<string, string>): string {
  try {
    loadConfig({ SESSION_SECRET: SECRET, ...environment })
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(environment)}`)
}

describe('the seller identity (SELLER_*)', () => {
  it('defaults to the demo company, with its numbers derived from the SIREN and no bank account', () => {
    expect(sellerOf({})).toEqual({
      legalName: 'Clusterdeck SAS',
      legalForm: 'SAS (société par actions simplifiée)',
      shareCapitalCents: 5_000_000,
      address: {
        streetLines: ['27 rue du Faubourg Poissonnière'],
        postcode: '75009',
        city: 'Paris',
        countryCode: 'FR',
      },
      siren: '912345675',
      siret: '91234567500017',
      rcs: { city: 'Paris', number: '912345675' },
      vatNumber: 'FR65912345675',
      bankAccount: undefined,
      contacts: {
        supportEmail: 'support@clusterdeck.eu',
        billingEmail: 'billing@clusterdeck.eu',
        phone: undefined,
      },
    })
  })

  it('reads every variable, spaces in numbers allowed, blank ones left at their defaults', () => {
    const seller = sellerOf({
      SELLER_LEGAL_NAME: 'Nuage Libre SARL',
      SELLER_LEGAL_FORM: 'SARL',
      SELLER_SHARE_CAPITAL_EUR: '12500.5',
      SELLER_ADDRESS_LINE1: '3 place Bellecour',
      SELLER_ADDRESS_LINE2: 'Bâtiment B',
      SELLER_POSTCODE: '69002',
      SELLER_CITY: 'Lyon',
      SELLER_SIREN: '732 829 320',
      SELLER_SIRET: '732 829 320 00074',
      SELLER_RCS_CITY: 'Lyon',
      SELLER_VAT_NUMBER: 'fr44 732829320',
      SELLER_IBAN: 'FR76 3000 4000 0312 3456 7890 143',
      SELLER_BIC: 'bnpafrppxxx',
      SELLER_SUPPORT_EMAIL: 'aide@nuage.example',
      SELLER_BILLING_EMAIL: 'compta@nuage.example',
      SELLER_PHONE: '+33 4 72 00 00 00',
      SELLER_RCS_NUMBER: '',
    })
    expect(seller).toMatchObject({
      legalName: 'Nuage Libre SARL',
      shareCapitalCents: 1_250_050,
      address: { streetLines: ['3 place Bellecour', 'Bâtiment B'], postcode: '69002', city: 'Lyon' },
      siren: '732829320',
      siret: '73282932000074',
      rcs: { city: 'Lyon', number: '732829320' },
      vatNumber: 'FR44732829320',
      bankAccount: { iban: 'FR7630004000031234567890143', bic: 'BNPAFRPPXXX' },
      contacts: {
        supportEmail: 'aide@nuage.example',
        billingEmail: 'compta@nuage.example',
        phone: '+33 4 72 00 00 00',
      },
    })
  })

  it.each([
    [{ SELLER_SIREN: '912345678' }, 'SELLER_SIREN: must be a SIREN: nine digits with a valid check digit'],
    [{ SELLER_SIRET: '73282932000074' }, 'SELLER_SIRET: must start with the SIREN 912345675'],
    [{ SELLER_VAT_NUMBER: 'FR00912345675' }, 'SELLER_VAT_NUMBER: does not match the SIREN 912345675'],
    [
      { SELLER_IBAN: 'FR7630004000031234567890144', SELLER_BIC: 'BNPAFRPPXXX' },
      'SELLER_IBAN: must be an IBAN with valid check digits',
    ],
    [{ SELLER_IBAN: 'FR7630004000031234567890143' }, 'SELLER_BIC: SELLER_IBAN and SELLER_BIC go together'],
    [{ SELLER_COUNTRY: 'France' }, 'SELLER_COUNTRY: must be a country code of two capital letters'],
    [{ SELLER_COUNTRY: 'XX' }, 'SELLER_COUNTRY: is not a known country code'],
    [{ SELLER_SHARE_CAPITAL_EUR: '50 000 €' }, 'SELLER_SHARE_CAPITAL_EUR: must be an amount in euros'],
    [{ SELLER_BILLING_EMAIL: 'billing' }, 'SELLER_BILLING_EMAIL:'],
  ])('refuses %j with a message naming the variable', (environment, message) => {
    expect(refusal(environment)).toContain(`Invalid environment variable ${message}`)
  })

  it('fills the legal pages’ placeholders in the page’s language, escaped, and refuses an unknown one', () => {
    const seller = sellerOf({ SELLER_LEGAL_NAME: 'Dupont & Fils', SELLER_PHONE: '+33 1 23 45 67 89' })
    expect(
      fillSellerPlaceholders('<p>{{seller.legalName}}, {{seller.registeredOffice}}</p>', seller, 'fr'),
    ).toBe('<p>Dupont &#38; Fils, 27 rue du Faubourg Poissonnière, 75009 Paris, France</p>')
    expect(fillSellerPlaceholders('{{seller.contacts}} / {{seller.rcs}}', seller, 'en')).toBe(
      'Support: support@clusterdeck.eu · Billing: billing@clusterdeck.eu · Phone: +33 1 23 45 67 89 / RCS Paris 912 345 675',
    )
    expect(() => fillSellerPlaceholders('{{seller.ceo}}', seller, 'en')).toThrow(
      'Unknown placeholder {{seller.ceo}}',
    )
  })

  it('names only the configured ways to pay', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_12345678', STRIPE_WEBHOOK_SECRET: 'whsec_12345678' }
    const bank = { SELLER_IBAN: 'FR7630004000031234567890143', SELLER_BIC: 'BNPAFRPP' }
    const sentence = (environment: Record<string, string>) =>
      paymentInstructions(
        paymentOptionsOf(loadConfig({ SESSION_SECRET: SECRET, ...environment })),
        'INV-1',
        'en',
      )
    expect(sentence({ ...stripe, ...bank })).toBe(
      'Pay by card or SEPA Direct Debit from the billing page, or by bank transfer to Clusterdeck SAS, IBAN FR76 3000 4000 0312 3456 7890 143, BIC BNPAFRPP, quoting INV-1.',
    )
    expect(sentence(stripe)).toBe('Pay by card or SEPA Direct Debit from the billing page.')
    expect(sentence(bank)).toBe(
      'Pay by bank transfer to Clusterdeck SAS, IBAN FR76 3000 4000 0312 3456 7890 143, BIC BNPAFRPP, quoting INV-1.',
    )
    expect(sentence({})).toBe('To pay, write to billing@clusterdeck.eu quoting INV-1.')
  })
})
