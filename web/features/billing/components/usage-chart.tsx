import { lazy, Suspense, useRef } from 'react'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useInView } from '#web/lib/use-in-view.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { UsageChartRow, UsageSeries } from '../usage-chart-data.ts'
import '#web/lib/strings/billing.ts'

/**
 * The drawing loads after the figures, and draws when the chart comes near the screen: the table
 * below says the same, at once.
 */
const UsageChartDrawing = lazy(() => import('./usage-chart-drawing.tsx'))

/**
 * Cost per day as stacked bars, one colour per series, the forecast as a dashed line; the same
 * figures follow in a table, which is what a screen reader reads (the drawing is hidden from it).
 */
export function UsageChart({
  id,
  title,
  rows,
  series,
  format,
}: {
  id: string
  title: string
  rows: UsageChartRow[]
  series: UsageSeries[]
  /** A value in display units as an amount: "€12.34". */
  format: (units: number) => string
}) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const drawingArea = useRef<HTMLDivElement>(null)
  const seen = useInView(drawingArea)
  return (
    <figure
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm"
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <figcaption id={`${id}-title`} className="font-semibold">
        {title}
      </figcaption>
      <div ref={drawingArea} className="h-64 w-full" aria-hidden="true">
        {seen && (
          <Suspense fallback={null}>
            <UsageChartDrawing rows={rows} series={series} format={format} />
          </Suspense>
        )}
      </div>
      {/* Scrolls on its own, so it takes the focus for keyboard scrolling. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <section className="max-h-80 overflow-auto" tabIndex={0} aria-labelledby={`${id}-title`}>
        <table className="w-full text-sm" data-testid={`${id}-table`}>
          <caption className="sr-only">{title}</caption>
          <thead className="sticky top-0 bg-card text-left text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('billing.usage.day')}
              </th>
              {series.map((item) => (
                <th key={item.key} scope="col" className="py-2 pr-3 text-right font-medium">
                  {item.label}
                </th>
              ))}
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('billing.usage.dayTotal')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y tabular-nums">
            {rows.map((row) => {
              const values = series.map((item) =>
                typeof row[item.key] === 'number' ? (row[item.key] as number) : 0,
              )
              const forecastOnly = row.total === null
              return (
                <tr
                  key={row.date}
                  data-date={row.date}
                  className={forecastOnly ? 'text-muted-foreground italic' : undefined}
                >
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap">
                    {dates.calendarDate(row.date)}
                  </th>
                  {values.map((value, index) => (
                    <td key={series[index]!.key} className="py-1.5 pr-3 text-right">
                      {forecastOnly ? '—' : format(value)}
                    </td>
                  ))}
                  <td className="py-1.5 pr-3 text-right">
                    {forecastOnly
                      ? t('billing.usage.forecastValue', { amount: format(row.forecast ?? 0) })
                      : format(row.total ?? 0)}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </section>
    </figure>
  )
}
