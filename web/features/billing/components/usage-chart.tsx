import { useTranslation } from 'react-i18next'
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { FORECAST_KEY, type UsageChartRow, type UsageSeries } from '../usage-chart-data.ts'

const COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)']

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
  const day = (date: string) => date.slice(8)
  const hasForecast = rows.some((row) => row.forecast !== null)
  return (
    <figure
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm"
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <figcaption id={`${id}-title`} className="font-semibold">
        {title}
      </figcaption>
      <div className="h-64 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={rows}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis dataKey="date" tickFormatter={day} stroke="var(--muted-foreground)" fontSize={12} />
            <YAxis
              stroke="var(--muted-foreground)"
              fontSize={12}
              width={64}
              tickFormatter={(value: number) => format(value)}
            />
            <Tooltip
              formatter={(value) => format(Number(value))}
              labelFormatter={(label) => dates.calendarDate(String(label))}
              contentStyle={{
                background: 'var(--card)',
                borderColor: 'var(--border)',
                color: 'var(--card-foreground)',
              }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {series.map((item, index) => (
              <Bar
                key={item.key}
                dataKey={item.key}
                name={item.label}
                stackId="cost"
                fill={COLORS[index % COLORS.length]}
              />
            ))}
            {hasForecast && (
              <Line
                dataKey={FORECAST_KEY}
                name={t('billing.usage.forecast')}
                stroke="var(--foreground)"
                strokeDasharray="6 4"
                dot={false}
                connectNulls={false}
                isAnimationActive={false}
              />
            )}
          </ComposedChart>
        </ResponsiveContainer>
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
