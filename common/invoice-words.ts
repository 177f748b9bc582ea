import type { Language } from './language.ts'
import { EXPORT_MENTION, REVERSE_CHARGE_MENTION, type VatTreatment } from './vat.ts'

/**
 * The words of an invoice that an order's review shows before it is placed: the VAT line, the
 * legal mention of a treatment without VAT, and the ways to pay. The invoice (its PDF, Factur-X
 * notes and mails) and the web app's locale files both take them from here, so the review says
 * what the invoice will. Placeholders are written `{{name}}`, as in the locale files; `fillWords`
 * fills them on the server.
 */
export type InvoiceWords = {
  /** The VAT line: "VAT 20%". */
  vatRate: string
  /** The mention printed under the totals of an invoice without VAT. */
  vatMention: Record<Exclude<VatTreatment, 'domestic'>, string>
  /** The verb before a way to pay: "Pay" by card, "Pay" by bank transfer. */
  pay: string
  card: string
  bankTransfer: string
  /** What a bank transfer quotes: the invoice's number. */
  quoting: string
  /** When no way to pay is configured. */
  writeTo: string
}

export const INVOICE_WORDS: Record<Language, InvoiceWords> = {
  en: {
    vatRate: 'VAT {{percent}}%',
    vatMention: { reverse_charge: REVERSE_CHARGE_MENTION, export: EXPORT_MENTION },
    pay: 'Pay',
    card: 'by card or SEPA Direct Debit from the billing page',
    bankTransfer: 'by bank transfer to {{beneficiary}}, IBAN {{iban}}, BIC {{bic}}',
    quoting: 'quoting {{reference}}',
    writeTo: 'To pay, write to {{billingEmail}} quoting {{reference}}',
  },
  fr: {
    vatRate: 'TVA {{percent}}\u00a0%',
    vatMention: {
      reverse_charge: 'Autoliquidation — article 196 de la directive 2006/112/CE',
      export: 'TVA non applicable — prestations de services hors UE, article 44 de la directive 2006/112/CE',
    },
    pay: 'Réglez',
    card: 'par carte ou prélèvement SEPA depuis la page de facturation',
    bankTransfer: 'par virement à {{beneficiary}}, IBAN {{iban}}, BIC {{bic}}',
    quoting: 'en indiquant {{reference}}',
    writeTo: 'Pour régler, écrivez à {{billingEmail}} en indiquant {{reference}}',
  },
}

/** Fills a phrase's `{{name}}` placeholders; an unknown one is an error, never printed. */
export function fillWords(phrase: string, values: Record<string, string>): string {
  return phrase.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`No value for {{${name}}} in "${phrase}"`)
    return value
  })
}
