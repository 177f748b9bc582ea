import { fillWords, INVOICE_WORDS } from '#common/invoice-words.ts'
import type { Language } from '#common/language.ts'
import type { Invoice } from '#common/schemas/billing.ts'
import type { VatTreatment } from '#common/vat.ts'

/**
 * The words of an invoice or credit note (its PDF, its metadata, the free texts of its Factur-X
 * XML) in the organization's language, with its dates and numbers written that language's way.
 * Amounts go through `formatAmount` with the same language.
 */

type Words = {
  kind: Record<Invoice['kind'], string>
  issued: string
  period: (start: string, end: string) => string
  due: string
  currency: string
  corrects: (number: string, reason: string) => string
  from: string
  billTo: string
  vat: string
  vatRate: (percent: number) => string
  purchaseOrder: string
  columns: { description: string; quantity: string; unitPrice: string; amount: string }
  subtotal: string
  /** Under a line that reached its monthly price: what it was capped at. */
  cappedAt: (amount: string) => string
  /** The same, as the reason of the line's allowance in the XML. */
  cappedReason: string
  discount: string
  creditsApplied: string
  taxable: string
  total: string
  /** The legal mention of a VAT treatment without VAT, in this language. */
  vatMention: Partial<Record<VatTreatment, string>>
  /** The late-payment terms French law asks every invoice to state. */
  latePayment: string
  payableBy: (date: string) => string
  allowance: { discount: string; credits: string }
  subject: (kind: string, number: string, date: string, seller: string) => string
}

const WORDS: Record<Language, Words> = {
  en: {
    kind: { invoice: 'Invoice', credit_note: 'Credit note' },
    issued: 'Issued',
    period: (start, end) => `Period ${start} to ${end}`,
    due: 'Due',
    currency: 'Currency',
    corrects: (number, reason) => `Corrects invoice ${number}: ${reason}`,
    from: 'From',
    billTo: 'Bill to',
    vat: 'VAT',
    vatRate: (percent) => fillWords(INVOICE_WORDS.en.vatRate, { percent: String(percent) }),
    purchaseOrder: 'PO',
    columns: { description: 'Description', quantity: 'Hours', unitPrice: 'Unit price', amount: 'Amount' },
    subtotal: 'Subtotal',
    cappedAt: (amount) => `Capped at the monthly price of ${amount}`,
    cappedReason: 'Capped at the monthly price',
    discount: 'Discount',
    creditsApplied: 'Credits applied',
    taxable: 'Taxable amount',
    total: 'Total',
    vatMention: {},
    latePayment:
      'Late payments bear the legal interest and the 40 EUR recovery indemnity (French Commercial Code, article L441-10).',
    payableBy: (date) => `Payable by ${date}.`,
    allowance: { discount: 'Discount', credits: 'Prepaid credits' },
    subject: (kind, number, date, seller) => `${kind} ${number} dated ${date} issued by ${seller}`,
  },
  fr: {
    kind: { invoice: 'Facture', credit_note: 'Avoir' },
    issued: 'Émise le',
    period: (start, end) => `Période du ${start} au ${end}`,
    due: 'Échéance',
    currency: 'Devise',
    corrects: (number, reason) => `Rectifie la facture ${number} : ${reason}`,
    from: 'Émetteur',
    billTo: 'Facturé à',
    vat: 'TVA',
    vatRate: (percent) => fillWords(INVOICE_WORDS.fr.vatRate, { percent: percent.toLocaleString('fr-FR') }),
    purchaseOrder: 'Bon de commande',
    columns: {
      description: 'Désignation',
      quantity: 'Heures',
      unitPrice: 'Prix unitaire',
      amount: 'Montant',
    },
    subtotal: 'Sous-total',
    cappedAt: (amount) => `Plafonné au prix mensuel de ${amount}`,
    cappedReason: 'Plafonné au prix mensuel',
    discount: 'Remise',
    creditsApplied: 'Crédits imputés',
    taxable: 'Total HT',
    total: 'Total TTC',
    vatMention: INVOICE_WORDS.fr.vatMention,
    latePayment:
      'Tout retard de paiement entraîne des pénalités au taux légal et l’indemnité forfaitaire de 40 EUR pour frais de recouvrement (Code de commerce, article L441-10).',
    payableBy: (date) => `Payable au plus tard le ${date}.`,
    allowance: { discount: 'Remise', credits: 'Crédits prépayés' },
    subject: (kind, number, date, seller) => `${kind} ${number} du ${date} émis par ${seller}`,
  },
}

const LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR' }

export function documentWords(language: Language): Words {
  return WORDS[language]
}

/** A calendar date (`2026-09-01`, or a timestamp's day in UTC): "1 September 2026", "1 septembre 2026". */
export function formatDocumentDate(value: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${value.slice(0, 10)}T00:00:00Z`),
  )
}

/** A plain number (hours, an exchange rate) with the language's separators. */
export function formatDocumentNumber(value: number, language: Language): string {
  return value.toLocaleString(LOCALES[language], { maximumFractionDigits: 6 })
}

/** The document's kind and number, its title wherever it is named: "Facture CD-2026-000042". */
export function documentTitle(invoice: Invoice, language: Language): string {
  return `${WORDS[language].kind[invoice.kind]} ${invoice.number}`
}

/** The VAT mention printed under the totals, in the document's language when it has one. */
export function vatMentionOf(invoice: Invoice, language: Language): string | null {
  if (!invoice.vatMention) return null
  return WORDS[language].vatMention[invoice.vatTreatment] ?? invoice.vatMention
}
