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
import { useTranslation } from '#web/lib/use-translation.tsx'
import { FORECAST_KEY, type UsageChartRow, type UsageSeries } from '../usage-chart-data.ts'
import '#web/lib/strings/billing.ts'

const COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)']

/** Cost per day as stacked bars, one colour per series, the forecast as a dashed line. */
export default function UsageChartDrawing({
  rows,
  series,
  format,
}: {
  rows: UsageChartRow[]
  series: UsageSeries[]
  format: (units: number) => string
}) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const day = (date: string) => date.slice(8)
  const hasForecast = rows.some((row) => row.forecast !== null)
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
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
  )
}
