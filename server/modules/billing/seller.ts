import { fillWords, INVOICE_WORDS } from '#common/invoice-words.ts'
import type { Language } from '#common/language.ts'
import { printedIban, type SellerIdentity } from '#common/seller-identity.ts'
import type { Config } from '#server/config.ts'

/**
 * Who issues the invoices (the operator, configured by the SELLER_* variables; its VAT rules are
 * in common/vat.ts) and the ways a customer can pay it: card and SEPA Direct Debit only when
 * Stripe is configured, bank transfer only when the operator gave its IBAN and BIC.
 */

export type BankTransfer = { beneficiary: string; iban: string; bic: string }

export type PaymentOptions = {
  /** Card and SEPA Direct Debit from the billing page (Stripe's keys are set). */
  card: boolean
  bankTransfer: BankTransfer | undefined
  /** Where to write when neither is offered (and for anything else about an invoice). */
  billingEmail: string
}

/** What an invoice needs of its issuer: the identity and the ways to pay. */
export type InvoiceIssuer = { seller: SellerIdentity; payment: PaymentOptions }

export function paymentOptionsOf(config: Pick<Config, 'stripe' | 'seller'>): PaymentOptions {
  const account = config.seller.bankAccount
  return {
    card: config.stripe !== undefined,
    bankTransfer: account
      ? { beneficiary: config.seller.legalName, iban: printedIban(account.iban), bic: account.bic }
      : undefined,
    billingEmail: config.seller.contacts.billingEmail,
  }
}

export function invoiceIssuerOf(config: Pick<Config, 'stripe' | 'seller'>): InvoiceIssuer {
  return { seller: config.seller, payment: paymentOptionsOf(config) }
}

/** "or" between the two ways to pay, in each language. */
const OR: Record<Language, string> = { en: 'or', fr: 'ou' }

/** The sentence that says how to pay an invoice, naming only the ways that are configured. */
export function paymentInstructions(options: PaymentOptions, reference: string, language: Language): string {
  const words = INVOICE_WORDS[language]
  const card = `${words.pay} ${words.card}`
  const transfer = options.bankTransfer
    ? `${fillWords(words.bankTransfer, options.bankTransfer)}, ${fillWords(words.quoting, { reference })}`
    : undefined
  if (options.card && transfer) return `${card}, ${OR[language]} ${transfer}.`
  if (options.card) return `${card}.`
  if (transfer) return `${words.pay} ${transfer}.`
  return `${fillWords(words.writeTo, { billingEmail: options.billingEmail, reference })}.`
}
