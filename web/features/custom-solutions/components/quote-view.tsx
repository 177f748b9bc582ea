import type { Quote } from '#common/schemas/custom-solutions.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/custom-solutions.ts'

/**
 * A quote's lines, its monthly total, validity and note, as both sides read it: in the currency
 * it was priced in, as the officer typed it.
 */
export function QuoteView({ quote }: { quote: Quote }) {
  const { t } = useTranslation()
  const money = useMoney()
  const dates = useDateFormat()
  return (
    <div className="grid gap-2 text-sm" data-testid={`quote-${quote.id}`}>
      <table className="w-full">
        <thead className="text-left text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('customSolutions.quote.line')}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t('customSolutions.quote.quantity')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('customSolutions.quote.perMonth')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y tabular-nums">
          {quote.lines.map((line, index) => (
            <tr key={`${line.description}-${index}`}>
              <td className="py-1 pr-3">{line.description}</td>
              <td className="py-1 pr-3 text-right">{line.quantity}</td>
              <td className="py-1 text-right">
                {money.amount(line.quantity * line.unitMonthlyCents, quote.currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" colSpan={2} className="py-1 pr-3 text-left">
              {t('customSolutions.quote.total')}
            </th>
            <td className="py-1 text-right tabular-nums" data-testid="quote-total">
              {money.amount(quote.monthlyTotalCents, quote.currency)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="text-muted-foreground">
        {t('customSolutions.quote.validUntil', { date: dates.calendarDate(quote.validUntil) })}
      </p>
      {quote.note && <p>{quote.note}</p>}
      {quote.declineReason && (
        <p className="text-muted-foreground">
          {t('customSolutions.quote.declinedBecause', { reason: quote.declineReason })}
        </p>
      )}
    </div>
  )
}
