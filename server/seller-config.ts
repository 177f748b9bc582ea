import { z } from 'zod'
import type { SellerIdentity } from '#common/seller-identity.ts'

/**
 * The SELLER_* environment variables: the operator's legal identity printed on invoices, in the
 * Factur-X XML, on the legal pages and in billing mails. The defaults describe a demo company
 * (its numbers pass their check digits but are nobody's); a real operator sets every one.
 * Bank transfer has no default: it is offered only when SELLER_IBAN and SELLER_BIC are set, so
 * that no customer is ever told to pay into a made-up account.
 */
export const sellerEnvironmentShape = {
  SELLER_LEGAL_NAME: z.string().trim().min(2).max(100).default('Clusterdeck SAS'),
  SELLER_LEGAL_FORM: z.string().trim().min(2).max(100).default('SAS (société par actions simplifiée)'),
  /** In euros, up to two decimals: "50000" or "12500.50". */
  SELLER_SHARE_CAPITAL_EUR: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in euros, e.g. 50000 or 12500.50')
    .default('50000'),
  SELLER_ADDRESS_LINE1: z.string().trim().min(2).max(100).default('27 rue du Faubourg Poissonnière'),
  SELLER_ADDRESS_LINE2: z.string().trim().max(100).optional(),
  SELLER_POSTCODE: z
    .string()
    .regex(/^[A-Z0-9][A-Z0-9 -]{1,9}$/i, 'must be a postcode')
    .default('75009'),
  SELLER_CITY: z.string().trim().min(1).max(60).default('Paris'),
  SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a country code of two capital letters (ISO 3166-1), e.g. FR')
    .refine(isRegion, 'is not a known country code (ISO 3166-1)')
    .default('FR'),
  SELLER_SIREN: z
    .string()
    .transform(withoutSpaces)
    .refine(
      (value) => /^\d{9}$/.test(value) && luhnValid(value),
      'must be a SIREN: nine digits with a valid check digit',
    )
    .default('912345675'),
  /** The SIREN and five digits; by default the SIREN followed by 00017 (the demo's head office). */
  SELLER_SIRET: z
    .string()
    .transform(withoutSpaces)
    .refine(
      (value) => /^\d{14}$/.test(value) && luhnValid(value),
      'must be a SIRET: fourteen digits with a valid check digit',
    )
    .optional(),
  SELLER_RCS_CITY: z.string().trim().min(1).max(60).default('Paris'),
  /** The register's number; in France it is the SIREN, its default. */
  SELLER_RCS_NUMBER: z
    .string()
    .transform(withoutSpaces)
    .pipe(z.string().regex(/^[0-9A-Z]{1,20}$/i, 'must be a register number'))
    .optional(),
  SELLER_VAT_NUMBER: z
    .string()
    .transform((value) => withoutSpaces(value).toUpperCase())
    .refine(
      (value) => /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(value),
      'must be a VAT number: a country prefix and 2 to 13 characters, e.g. FR65912345675',
    )
    .optional(),
  SELLER_IBAN: z
    .string()
    .transform((value) => withoutSpaces(value).toUpperCase())
    .refine(ibanValid, 'must be an IBAN with valid check digits')
    .optional(),
  SELLER_BIC: z
    .string()
    .transform((value) => withoutSpaces(value).toUpperCase())
    .refine(
      (value) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value),
      'must be a BIC of 8 or 11 characters',
    )
    .optional(),
  SELLER_SUPPORT_EMAIL: z.email().default('support@clusterdeck.eu'),
  SELLER_BILLING_EMAIL: z.email().default('billing@clusterdeck.eu'),
  SELLER_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 .()-]{5,24}$/, 'must be a phone number, e.g. +33 1 23 45 67 89')
    .optional(),
}

type SellerEnvironment = z.infer<z.ZodObject<typeof sellerEnvironmentShape>>

/** Thrown with the variable's name, for loadConfig's one-line message. */
export class SellerConfigError extends Error {
  readonly variable: string
  constructor(variable: string, reason: string) {
    super(reason)
    this.variable = variable
  }
}

/** The identity alone from an environment (the development site's pages); loadConfig reads it too. */
export function sellerIdentityFromEnvironment(environment: NodeJS.ProcessEnv): SellerIdentity {
  const blankless = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''))
  return sellerIdentityOf(z.object(sellerEnvironmentShape).parse(blankless))
}

/** The identity from the parsed variables, after the checks that span several of them. */
export function sellerIdentityOf(values: SellerEnvironment): SellerIdentity {
  const siren = values.SELLER_SIREN
  const siret = values.SELLER_SIRET ?? defaultSiret(siren)
  if (!siret.startsWith(siren))
    throw new SellerConfigError('SELLER_SIRET', `must start with the SIREN ${siren}`)
  const countryCode = values.SELLER_COUNTRY
  const vatNumber = values.SELLER_VAT_NUMBER ?? frenchVatNumber(siren)
  if (vatNumber.startsWith('FR') && countryCode === 'FR' && vatNumber !== frenchVatNumber(siren))
    throw new SellerConfigError(
      'SELLER_VAT_NUMBER',
      `does not match the SIREN ${siren} (a French VAT number is FR, a two-digit key, then the SIREN: ${frenchVatNumber(siren)})`,
    )
  if (Boolean(values.SELLER_IBAN) !== Boolean(values.SELLER_BIC))
    throw new SellerConfigError(
      values.SELLER_IBAN ? 'SELLER_BIC' : 'SELLER_IBAN',
      'SELLER_IBAN and SELLER_BIC go together: set both to offer bank transfer, or neither',
    )
  const [euros = '0', decimals = ''] = values.SELLER_SHARE_CAPITAL_EUR.split('.')
  return {
    legalName: values.SELLER_LEGAL_NAME,
    legalForm: values.SELLER_LEGAL_FORM,
    shareCapitalCents: Number(euros) * 100 + Number(decimals.padEnd(2, '0')),
    address: {
      streetLines: [values.SELLER_ADDRESS_LINE1, values.SELLER_ADDRESS_LINE2].filter((line): line is string =>
        Boolean(line),
      ),
      postcode: values.SELLER_POSTCODE,
      city: values.SELLER_CITY,
      countryCode,
    },
    siren,
    siret,
    rcs: { city: values.SELLER_RCS_CITY, number: values.SELLER_RCS_NUMBER ?? siren },
    vatNumber,
    bankAccount:
      values.SELLER_IBAN && values.SELLER_BIC
        ? { iban: values.SELLER_IBAN, bic: values.SELLER_BIC }
        : undefined,
    contacts: {
      supportEmail: values.SELLER_SUPPORT_EMAIL,
      billingEmail: values.SELLER_BILLING_EMAIL,
      phone: values.SELLER_PHONE,
    },
  }
}

function withoutSpaces(value: string): string {
  return value.replace(/\s+/g, '')
}

function isRegion(code: string): boolean {
  // The format's own check reports a malformed code; DisplayNames would throw on it.
  if (!/^[A-Z]{2}$/.test(code)) return true
  const name = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code)
  return name !== undefined
}

/** The Luhn check French company numbers (SIREN, SIRET) carry in their last digit. */
function luhnValid(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** The head office's SIRET the demo uses: the SIREN, 0001 and the digit that makes it valid. */
function defaultSiret(siren: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    const candidate = `${siren}0001${digit}`
    if (luhnValid(candidate)) return candidate
  }
  return `${siren}00010`
}

/** FR, the key (12 + 3 × (SIREN mod 97)) mod 97 on two digits, then the SIREN. */
function frenchVatNumber(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97
  return `FR${String(key).padStart(2, '0')}${siren}`
}

/** ISO 13616: the country and check digits moved to the end, letters as numbers, mod 97 is 1. */
function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  )
  return BigInt(digits) % 97n === 1n
}
