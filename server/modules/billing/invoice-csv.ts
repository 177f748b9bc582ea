import type { Invoice } from '#common/schemas/billing.ts'
import { csvField } from '#server/lib/csv.ts'

/** An invoice's lines as CSV, amounts in its currency, then its totals. */
export function invoiceCsv(invoice: Invoice): string {
  const amount = (cents: number) => (cents / 100).toFixed(2)
  const rows: (string | number)[][] = [
    [
      'invoice',
      'currency',
      'kind',
      'cluster',
      'description',
      'quantity',
      'unit_price',
      'before_cap',
      'amount',
    ],
    ...invoice.lines.map((line) => [
      invoice.number,
      invoice.currency,
      line.kind,
      line.clusterName ?? '',
      line.description,
      line.quantity,
      line.unitPriceMillicents === null ? '' : (line.unitPriceMillicents / 100_000).toFixed(4),
      line.listAmountCents === null ? '' : amount(line.listAmountCents),
      amount(line.amountCents),
    ]),
    [
      invoice.number,
      invoice.currency,
      'credits',
      '',
      'Credits applied',
      1,
      '',
      '',
      amount(-invoice.creditsAppliedCents),
    ],
    [
      invoice.number,
      invoice.currency,
      'vat',
      '',
      `VAT ${invoice.vatRatePercent}%`,
      1,
      '',
      '',
      amount(invoice.vatCents),
    ],
    [invoice.number, invoice.currency, 'total', '', 'Total', 1, '', '', amount(invoice.totalCents)],
  ]
  return `${rows.map((row) => row.map(csvField).join(',')).join('\n')}\n`
}
