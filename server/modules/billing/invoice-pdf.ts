import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import type { Language } from '#common/language.ts'
import { formatPrice } from '#common/money.ts'
import { paymentInstructions } from '#common/payment-instructions.ts'
import { CENTS_PER_UNIT, formatAmount, HOURLY_PRICE_DECIMALS, MILLICENTS_PER_CENT } from '#common/pricing.ts'
import type { Invoice } from '#common/schemas/billing.ts'
import { addressLines, rcsText } from '#common/seller-identity.ts'
import {
  documentTitle,
  documentWords,
  formatDocumentDate,
  formatDocumentNumber,
  vatMentionOf,
} from './document-words.ts'
import { lineDescriptionIn } from './line-descriptions.ts'
import { finishPdfA, type PdfMetadata } from './pdfa.ts'
import type { InvoiceIssuer } from './seller.ts'

/**
 * An invoice or credit note as a PDF/A-3B file (pdfkit), in the organization's language: the
 * seller and customer, the lines with hours, unit price and amount, the discount, credits, VAT
 * with its mention, the total, and how to pay (the ways the issuer offers). The same figures as
 * `GET /api/billing/invoices/:id`. Its fonts are DejaVu Sans, embedded as subsets as PDF/A asks
 * (docs/decisions/027-billing-documents-language-and-fonts.md).
 */

const MARGIN = 50
const COLUMNS = { description: 50, quantity: 330, unit: 390, amount: 470 } as const

const fontFile = (name: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`))
const FONTS = { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') }
const REGULAR = 'DejaVuSans'
const BOLD = 'DejaVuSans-Bold'

export const PDF_PRODUCER = 'Clusterdeck billing (pdfkit, pdf-lib)'

/** The metadata of an invoice's PDF, the same in its Info dictionary and its XMP. */
export function invoicePdfMetadata(
  invoice: Invoice,
  language: Language,
  issuer: InvoiceIssuer,
  createdAt: Date,
): PdfMetadata {
  const words = documentWords(language)
  const title = documentTitle(invoice, language)
  return {
    title,
    author: issuer.seller.legalName,
    subject: words.subject(
      words.kind[invoice.kind],
      invoice.number,
      formatDocumentDate(invoice.issuedAt, language),
      issuer.seller.legalName,
    ),
    keywords: `${words.kind[invoice.kind]}, ${invoice.number}, Factur-X`,
    creator: 'Clusterdeck',
    producer: PDF_PRODUCER,
    language,
    createdAt,
  }
}

/** The PDF as pdfkit writes it: PDF 1.7, PDF/A-3B's fonts and colour profile, not yet finished. */
export function renderInvoicePages(
  invoice: Invoice,
  language: Language,
  issuer: InvoiceIssuer,
): Promise<Buffer> {
  const words = documentWords(language)
  const { seller } = issuer
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    tagged: false,
    lang: language,
    displayTitle: true,
    info: { Title: documentTitle(invoice, language), Author: seller.legalName },
  })
  document.registerFont(REGULAR, FONTS.regular)
  document.registerFont(BOLD, FONTS.bold)
  const chunks: Buffer[] = []
  document.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)))
    document.on('error', reject)
  })
  const money = (cents: number) => formatAmount(cents, invoice.currency, language)
  const date = (value: string) => formatDocumentDate(value, language)

  document.font(BOLD).fontSize(18).text(documentTitle(invoice, language))
  document.font(REGULAR).fontSize(9).moveDown(0.5)
  document.text(
    `${words.issued} ${date(invoice.issuedAt)} · ${words.period(date(invoice.periodStart), date(invoice.periodEnd))}`,
  )
  document.text(
    `${words.due} ${date(invoice.dueAt)} · ${words.currency} ${invoice.currency} (1 USD = ${formatDocumentNumber(invoice.exchangeRate, language)} ${invoice.currency})`,
  )
  if (invoice.correctsInvoiceNumber)
    document.text(words.corrects(invoice.correctsInvoiceNumber, invoice.reason ?? ''))

  const top = document.y + 15
  document.font(BOLD).text(words.from, MARGIN, top)
  document
    .font(REGULAR)
    .text(
      [
        seller.legalName,
        ...addressLines(seller, language),
        `${words.vat} ${seller.vatNumber}`,
        `${rcsText(seller)} · SIRET ${seller.siret}`,
        seller.contacts.billingEmail,
      ].join('\n'),
    )
  document.font(BOLD).text(words.billTo, 300, top)
  document
    .font(REGULAR)
    .text(
      [
        invoice.customer.name,
        invoice.customer.address,
        invoice.customer.countryCode,
        invoice.customer.vatNumber ? `${words.vat} ${invoice.customer.vatNumber}` : null,
        invoice.customer.purchaseOrderNumber
          ? `${words.purchaseOrder} ${invoice.customer.purchaseOrderNumber}`
          : null,
      ]
        .filter((line) => line !== null && line !== '')
        .join('\n'),
      300,
    )

  let y = Math.max(document.y, top + 80) + 20
  const row = (
    cells: { description: string; quantity?: string; unit?: string; amount: string },
    bold = false,
  ) => {
    document.font(bold ? BOLD : REGULAR).fontSize(9)
    const height = document.heightOfString(cells.description, { width: 270 })
    if (y + height > document.page.height - MARGIN - 120) {
      document.addPage()
      y = MARGIN
    }
    document.text(cells.description, COLUMNS.description, y, { width: 270 })
    if (cells.quantity) document.text(cells.quantity, COLUMNS.quantity, y, { width: 55, align: 'right' })
    if (cells.unit) document.text(cells.unit, COLUMNS.unit, y, { width: 75, align: 'right' })
    document.text(cells.amount, COLUMNS.amount, y, { width: 75, align: 'right' })
    y += Math.max(height, 11) + 5
  }
  row(
    {
      description: words.columns.description,
      quantity: words.columns.quantity,
      unit: words.columns.unitPrice,
      amount: words.columns.amount,
    },
    true,
  )
  for (const line of invoice.lines) {
    const description = lineDescriptionIn(line.description, language)
    const name = line.clusterName ? `${line.clusterName} · ${description}` : description
    const hourly = line.unitPriceMillicents !== null
    row({
      description: name,
      quantity: hourly ? formatDocumentNumber(line.quantity, language) : undefined,
      unit: hourly ? hourlyPrice(line.unitPriceMillicents!, invoice.currency, language) : undefined,
      amount: money(line.listAmountCents ?? line.amountCents),
    })
    // A line that reached its monthly price: the hours at their price above, the cap's allowance here.
    if (line.listAmountCents !== null)
      row({
        description: words.cappedAt(money(line.amountCents)),
        amount: money(line.amountCents - line.listAmountCents),
      })
  }
  y += 8
  row({ description: words.subtotal, amount: money(invoice.subtotalCents) })
  if (invoice.discountCents > 0) row({ description: words.discount, amount: money(-invoice.discountCents) })
  if (invoice.creditsAppliedCents > 0)
    row({ description: words.creditsApplied, amount: money(-invoice.creditsAppliedCents) })
  row({ description: words.taxable, amount: money(invoice.taxableCents) })
  row({ description: words.vatRate(invoice.vatRatePercent), amount: money(invoice.vatCents) })
  row({ description: words.total, amount: money(invoice.totalCents) }, true)
  const mention = vatMentionOf(invoice, language)
  if (mention) {
    y += 6
    document.font(REGULAR).fontSize(8).text(mention, MARGIN, y, { width: 495 })
    y = document.y + 6
  }
  document
    .font(REGULAR)
    .fontSize(8)
    .text(
      `${paymentInstructions(issuer.payment, invoice.paymentReference, language)} ${words.latePayment}`,
      MARGIN,
      y + 6,
      { width: 495 },
    )
  document.end()
  return done
}

/** An hourly price at the four decimals it is charged at: €0.0104. */
function hourlyPrice(millicents: number, currency: Invoice['currency'], language: Language): string {
  return formatPrice(
    millicents / (MILLICENTS_PER_CENT * CENTS_PER_UNIT),
    currency,
    language,
    HOURLY_PRICE_DECIMALS,
  )
}

export async function renderInvoicePdf(
  invoice: Invoice,
  language: Language,
  issuer: InvoiceIssuer,
  createdAt = new Date(),
): Promise<Buffer> {
  return finishPdfA(
    await renderInvoicePages(invoice, language, issuer),
    invoicePdfMetadata(invoice, language, issuer, createdAt),
  )
}
