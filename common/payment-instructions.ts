import { fillWords, INVOICE_WORDS } from './invoice-words.ts'
import type { Language } from './language.ts'

/**
 * The ways a customer can pay an invoice, and the sentence that says them: on the invoice (PDF)
 * and in the overdue reminder mail.
 */

export type BankTransfer = { beneficiary: string; iban: string; bic: string }

export type PaymentOptions = {
  /** Card and SEPA Direct Debit from the billing page (Stripe's keys are set). */
  card: boolean
  bankTransfer: BankTransfer | undefined
  /** Where to write when neither is offered (and for anything else about an invoice). */
  billingEmail: string
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
