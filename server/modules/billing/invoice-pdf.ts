import PDFDocument from 'pdfkit'
import { formatPrice } from '#common/money.ts'
import { CENTS_PER_UNIT, formatAmount, HOURLY_PRICE_DECIMALS, MILLICENTS_PER_CENT } from '#common/pricing.ts'
import type { Invoice } from '#common/schemas/billing.ts'
import { BANK_TRANSFER, SELLER } from './seller.ts'

/**
 * An invoice or credit note as a PDF (pdfkit, its built-in Helvetica): the seller and customer,
 * the lines with hours, unit price and amount, the discount, credits, VAT with its mention, the
 * total, and how to pay by bank transfer. The same figures as `GET /api/billing/invoices/:id`.
 */

const MARGIN = 50
const COLUMNS = { description: 50, quantity: 330, unit: 390, amount: 470 } as const

export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${kindLabel(invoice)} ${invoice.number}`, Author: SELLER.name },
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
    .text([SELLER.name, SELLER.address, `VAT ${SELLER.vatNumber}`, SELLER.registration].join('\n'))
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
  for (const line of invoice.lines) {
    const name = line.clusterName ? `${line.clusterName} · ${line.description}` : line.description
    const hourly = line.unitPriceMillicents !== null
    row({
      description: name,
      quantity: hourly ? String(line.quantity) : undefined,
      unit: hourly ? hourlyPrice(line.unitPriceMillicents!, invoice.currency) : undefined,
      amount: money(line.listAmountCents ?? line.amountCents),
    })
    // A line that reached its monthly price: the hours at their price above, the cap's allowance here.
    if (line.listAmountCents !== null)
      row({
        description: `Capped at the monthly price of ${money(line.amountCents)}`,
        amount: money(line.amountCents - line.listAmountCents),
      })
  }
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
      `Pay by card or SEPA Direct Debit from the billing page, or by bank transfer to ${BANK_TRANSFER.beneficiary}, IBAN ${BANK_TRANSFER.iban}, BIC ${BANK_TRANSFER.bic}, quoting ${invoice.paymentReference}. Late payments bear the legal interest and the 40 EUR recovery indemnity (French Commercial Code, article L441-10).`,
      MARGIN,
      y + 6,
      { width: 495 },
    )
  document.end()
  return done
}

/** An hourly price at the four decimals it is charged at: €0.0104. */
function hourlyPrice(millicents: number, currency: Invoice['currency']): string {
  return formatPrice(millicents / (MILLICENTS_PER_CENT * CENTS_PER_UNIT), currency, HOURLY_PRICE_DECIMALS)
}

function kindLabel(invoice: Invoice): string {
  return invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'
}
