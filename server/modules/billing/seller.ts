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

const INSTRUCTIONS: Record<
  Language,
  {
    card: string
    bankTransfer: (transfer: BankTransfer, reference: string) => string
    joined: (card: string, transfer: string) => string
    neither: (billingEmail: string, reference: string) => string
  }
> = {
  en: {
    card: 'Pay by card or SEPA Direct Debit from the billing page',
    bankTransfer: (transfer, reference) =>
      `by bank transfer to ${transfer.beneficiary}, IBAN ${transfer.iban}, BIC ${transfer.bic}, quoting ${reference}`,
    joined: (card, transfer) => `${card}, or ${transfer}.`,
    neither: (billingEmail, reference) => `To pay, write to ${billingEmail} quoting ${reference}.`,
  },
  fr: {
    card: 'Réglez par carte ou prélèvement SEPA depuis la page de facturation',
    bankTransfer: (transfer, reference) =>
      `par virement à ${transfer.beneficiary}, IBAN ${transfer.iban}, BIC ${transfer.bic}, en indiquant ${reference}`,
    joined: (card, transfer) => `${card}, ou ${transfer}.`,
    neither: (billingEmail, reference) => `Pour régler, écrivez à ${billingEmail} en indiquant ${reference}.`,
  },
}

/** The sentence that says how to pay an invoice, naming only the ways that are configured. */
export function paymentInstructions(options: PaymentOptions, reference: string, language: Language): string {
  const words = INSTRUCTIONS[language]
  const transfer = options.bankTransfer ? words.bankTransfer(options.bankTransfer, reference) : undefined
  if (options.card && transfer) return words.joined(words.card, transfer)
  if (options.card) return `${words.card}.`
  if (transfer) return `${language === 'fr' ? 'Réglez' : 'Pay'} ${transfer}.`
  return words.neither(options.billingEmail, reference)
}
