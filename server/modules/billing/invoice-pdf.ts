import PDFDocument from 'pdfkit'
import { formatPrice } from '#common/money.ts'
import { CENTS_PER_UNIT, formatAmount, MILLICENTS_PER_CENT } from '#common/pricing.ts'
import type { Invoice } from '#common/schemas/billing.ts'
import { addressLines, rcsText } from '#common/seller-identity.ts'
import { type InvoiceIssuer, paymentInstructions } from './seller.ts'

/**
 * An invoice or credit note as a PDF (pdfkit, its built-in Helvetica): the seller and customer,
 * the lines with hours, unit price and amount, the discount, credits, VAT with its mention, the
 * total, and how to pay (the ways the issuer offers). The same figures as `GET /api/billing/invoices/:id`.
 */

const MARGIN = 50
const COLUMNS = { description: 50, quantity: 330, unit: 390, amount: 470 } as const

export function renderInvoicePdf(invoice: Invoice, issuer: InvoiceIssuer): Promise<Buffer> {
  const { seller } = issuer
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${kindLabel(invoice)} ${invoice.number}`, Author: seller.legalName },
  })
  const chunks: Buffer[] = []
  document.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)))
    document.on('error', reject)
  })
  const money = (cents: number) => formatAmount(cents, invoice.currency)

  document
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(`${kindLabel(invoice)} ${invoice.number}`)
  document.font('Helvetica').fontSize(9).moveDown(0.5)
  document.text(
    `Issued ${invoice.issuedAt.slice(0, 10)} · Period ${invoice.periodStart} to ${invoice.periodEnd}`,
  )
  document.text(
    `Due ${invoice.dueAt.slice(0, 10)} · Currency ${invoice.currency} (1 USD = ${invoice.exchangeRate} ${invoice.currency})`,
  )
  if (invoice.correctsInvoiceNumber)
    document.text(`Corrects invoice ${invoice.correctsInvoiceNumber}: ${invoice.reason ?? ''}`)

  const top = document.y + 15
  document.font('Helvetica-Bold').text('From', MARGIN, top)
  document
    .font('Helvetica')
    .text(
      [
        seller.legalName,
        ...addressLines(seller, 'en'),
        `VAT ${seller.vatNumber}`,
        `${rcsText(seller)} · SIRET ${seller.siret}`,
        seller.contacts.billingEmail,
      ].join('\n'),
    )
  document.font('Helvetica-Bold').text('Bill to', 300, top)
  document
    .font('Helvetica')
    .text(
      [
        invoice.customer.name,
        invoice.customer.address,
        invoice.customer.countryCode,
        invoice.customer.vatNumber ? `VAT ${invoice.customer.vatNumber}` : null,
        invoice.customer.purchaseOrderNumber ? `PO ${invoice.customer.purchaseOrderNumber}` : null,
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
    document.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9)
    const height = document.heightOfString(cells.description, { width: 270 })
    if (y + height > document.page.height - MARGIN - 120) {
      document.addPage()
      y = MARGIN
    }
    document.text(cells.description, COLUMNS.description, y, { width: 270 })
    if (cells.quantity) document.text(cells.quantity, COLUMNS.quantity, y, { width: 55, align: 'right' })
    if (cells.unit) document.text(cells.unit, COLUMNS.unit, y, { width: 70, align: 'right' })
    document.text(cells.amount, COLUMNS.amount, y, { width: 75, align: 'right' })
    y += Math.max(height, 11) + 5
  }
  row({ description: 'Description', quantity: 'Hours', unit: 'Unit price', amount: 'Amount' }, true)
  for (const line of invoice.lines)
    row({
      description: line.clusterName ? `${line.clusterName} · ${line.description}` : line.description,
      quantity: line.unitPriceMillicents === null ? undefined : String(line.quantity),
      unit:
        line.unitPriceMillicents === null
          ? undefined
          : formatPrice(line.unitPriceMillicents / (MILLICENTS_PER_CENT * CENTS_PER_UNIT), invoice.currency),
      amount: money(line.amountCents),
    })
  y += 8
  row({ description: 'Subtotal', amount: money(invoice.subtotalCents) })
  if (invoice.discountCents > 0) row({ description: 'Discount', amount: money(-invoice.discountCents) })
  if (invoice.creditsAppliedCents > 0)
    row({ description: 'Credits applied', amount: money(-invoice.creditsAppliedCents) })
  row({ description: 'Taxable amount', amount: money(invoice.taxableCents) })
  row({ description: `VAT ${invoice.vatRatePercent}%`, amount: money(invoice.vatCents) })
  row({ description: 'Total', amount: money(invoice.totalCents) }, true)
  if (invoice.vatMention) {
    y += 6
    document.font('Helvetica').fontSize(8).text(invoice.vatMention, MARGIN, y, { width: 495 })
    y = document.y + 6
  }
  document
    .font('Helvetica')
    .fontSize(8)
    .text(
      `${paymentInstructions(issuer.payment, invoice.paymentReference, 'en')} Late payments bear the legal interest and the 40 EUR recovery indemnity (French Commercial Code, article L441-10).`,
      MARGIN,
      y + 6,
      { width: 495 },
    )
  document.end()
  return done
}

function kindLabel(invoice: Invoice): string {
  return invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'
}
