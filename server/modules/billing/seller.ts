import type { PaymentOptions } from '#common/payment-instructions.ts'
import { printedIban, type SellerIdentity } from '#common/seller-identity.ts'
import type { Config } from '#server/config.ts'

/**
 * Who issues the invoices (the operator, configured by the SELLER_* variables; its VAT rules are
 * in common/vat.ts) and the ways a customer can pay it: card and SEPA Direct Debit only when
 * Stripe is configured, bank transfer only when the operator gave its IBAN and BIC
 * (`paymentInstructions` says them in words).
 */

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
