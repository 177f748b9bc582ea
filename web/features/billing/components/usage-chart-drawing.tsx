import { type PointerEvent, type RefObject, useLayoutEffect, useRef, useState } from 'react'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { UsageChartRow, UsageSeries } from '../usage-chart-data.ts'
import {
  dayAt,
  dayBand,
  drawnValue,
  highest,
  labelEvery,
  niceTicks,
  stackRows,
  yOf,
} from '../usage-chart-scale.ts'
import '#web/lib/strings/billing.ts'

const COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)']
const colorOf = (index: number) => COLORS[index % COLORS.length]!

/** Room around the plot, in pixels: the amounts on the left, the days below. */
const Y_AXIS_MIN_PX = 64
const TICK_PX = 6
const TOP_PX = 8
const RIGHT_PX = 12
const X_AXIS_PX = 24
/** Roughly the widest a character of the 12 px axis text is, to make room for long amounts. */
const CHAR_PX = 7
/** A day's number ("28") with room on both sides. */
const DAY_LABEL_PX = 24
const FORECAST_DASH = '6 4'
/** The tooltip's distance from its day, and the narrowest it may be beside it. */
const TOOLTIP_GAP_PX = 12
const TOOLTIP_MIN_PX = 176

/**
 * Cost per day as stacked bars, one colour per series, the forecast as a dashed line, drawn at
 * the size of its box; a day's figures show under the pointer (the table below the drawing is
 * what keyboards and screen readers read).
 */
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
  const box = useRef<HTMLDivElement>(null)
  const size = useBoxSize(box)
  const [active, setActive] = useState<number | null>(null)
  const hasForecast = rows.some((row) => row.forecast !== null)

  const stacks = stackRows(
    rows,
    series.map((item) => item.key),
  )
  const ticks = niceTicks(highest(rows, stacks))
  const top = ticks.at(-1)!
  const tickLabels = ticks.map(format)
  const yAxis = Math.max(
    Y_AXIS_MIN_PX,
    TICK_PX + 4 + CHAR_PX * Math.max(...tickLabels.map((label) => label.length)),
  )
  const width = (size?.width ?? 0) - yAxis - RIGHT_PX
  const height = (size?.height ?? 0) - TOP_PX - X_AXIS_PX
  const drawn = width > 0 && height > 0
  const every = labelEvery(rows.length, width, DAY_LABEL_PX)
  const activeRow = active === null ? undefined : rows[active]

  const point = (event: PointerEvent<SVGSVGElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left + yAxis
    setActive(dayAt(event.clientX - left, rows.length, width))
  }

  return (
    <div className="flex h-full flex-col gap-2 text-xs text-muted-foreground">
      <div ref={box} className="relative min-h-0 flex-1">
        {drawn && (
          // Pointer only, and not focusable: the table below carries the same figures.
          <svg
            className="absolute inset-0 tabular-nums"
            width={size!.width}
            height={size!.height}
            fontSize={12}
            aria-hidden="true"
            onPointerMove={point}
            onPointerDown={point}
            // A finger lifted leaves the tooltip showing; a mouse that goes takes it along.
            onPointerLeave={(event) => event.pointerType !== 'touch' && setActive(null)}
          >
            <g transform={`translate(${yAxis} ${TOP_PX})`}>
              {activeRow && (
                <rect {...slotOf(active!, rows.length, width)} y={0} height={height} fill="var(--muted)" />
              )}
              {ticks.map((tick, index) => {
                const y = yOf(tick, top, height)
                return (
                  <g key={tick}>
                    <line x1={0} x2={width} y1={y} y2={y} stroke="var(--border)" strokeDasharray="3 3" />
                    <line x1={-TICK_PX} x2={0} y1={y} y2={y} stroke="var(--muted-foreground)" />
                    <text x={-TICK_PX - 3} y={y} dy="0.35em" textAnchor="end" fill="currentColor">
                      {tickLabels[index]}
                    </text>
                  </g>
                )
              })}
              {stacks.map((segments, day) => {
                const { barX, bar } = dayBand(day, rows.length, width)
                return segments
                  .filter((segment) => segment.to > segment.from)
                  .map((segment) => {
                    const y = yOf(segment.to, top, height)
                    return (
                      <rect
                        key={`${rows[day]!.date}-${segment.key}`}
                        data-chart-bar=""
                        x={barX}
                        width={bar}
                        y={y}
                        height={yOf(segment.from, top, height) - y}
                        fill={colorOf(segment.index)}
                      />
                    )
                  })
              })}
              {hasForecast && (
                <path
                  d={forecastPath(rows, top, width, height)}
                  fill="none"
                  stroke="var(--foreground)"
                  strokeWidth={1.5}
                  strokeDasharray={FORECAST_DASH}
                />
              )}
              <line x1={0} x2={0} y1={0} y2={height} stroke="var(--muted-foreground)" />
              <line x1={0} x2={width} y1={height} y2={height} stroke="var(--muted-foreground)" />
              {rows.map((row, day) => {
                if (day % every !== 0) return null
                const { middle } = dayBand(day, rows.length, width)
                return (
                  <g key={row.date}>
                    <line
                      x1={middle}
                      x2={middle}
                      y1={height}
                      y2={height + TICK_PX}
                      stroke="var(--muted-foreground)"
                    />
                    <text
                      x={middle}
                      y={height + TICK_PX + 2}
                      dy="0.71em"
                      textAnchor="middle"
                      fill="currentColor"
                    >
                      {row.date.slice(8)}
                    </text>
                  </g>
                )
              })}
            </g>
          </svg>
        )}
        {drawn && activeRow && (
          <DayTooltip
            row={activeRow}
            series={series}
            format={format}
            x={yAxis + dayBand(active!, rows.length, width).middle}
            boxWidth={size!.width}
          />
        )}
      </div>
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
        {series.map((item, index) => (
          <li key={item.key} className="flex items-center gap-1.5">
            <Swatch color={colorOf(index)} />
            {item.label}
          </li>
        ))}
        {hasForecast && (
          <li className="flex items-center gap-1.5">
            <ForecastSwatch />
            {t('billing.usage.forecast')}
          </li>
        )}
      </ul>
    </div>
  )
}

/** A day's whole slot, for the band that marks the day under the pointer. */
function slotOf(day: number, count: number, width: number) {
  const { start, slot } = dayBand(day, count, width)
  return { x: start, width: slot }
}

/** The forecast through the middle of its days; a day without one breaks the line. */
function forecastPath(rows: UsageChartRow[], top: number, width: number, height: number): string {
  let path = ''
  let drawing = false
  rows.forEach((row, day) => {
    if (row.forecast === null) {
      drawing = false
      return
    }
    const { middle } = dayBand(day, rows.length, width)
    path += `${drawing ? 'L' : 'M'}${middle} ${yOf(row.forecast, top, height)}`
    drawing = true
  })
  return path
}

/** A day's figures beside it: each series on a metered day, and the forecast where there is one. */
function DayTooltip({
  row,
  series,
  format,
  x,
  boxWidth,
}: {
  row: UsageChartRow
  series: UsageSeries[]
  format: (units: number) => string
  /** The day's middle, from the box's left edge. */
  x: number
  boxWidth: number
}) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  // Beside the day, on the side with more room; where that is too narrow (a phone), against the
  // far edge of the chart, as wide as the chart. Long names shorten, amounts never.
  const left = x > boxWidth / 2
  const room = (left ? x : boxWidth - x) - TOOLTIP_GAP_PX
  const place =
    room >= TOOLTIP_MIN_PX
      ? {
          maxWidth: room,
          ...(left ? { right: boxWidth - x + TOOLTIP_GAP_PX } : { left: x + TOOLTIP_GAP_PX }),
        }
      : { maxWidth: boxWidth, ...(left ? { left: 0 } : { right: 0 }) }
  return (
    <div
      className="pointer-events-none absolute top-0 z-10 flex flex-col gap-1 rounded-md border bg-card px-3 py-2 text-card-foreground shadow-md"
      style={place}
    >
      <p className="font-medium whitespace-nowrap">{dates.calendarDate(row.date)}</p>
      {row.total !== null &&
        series.map((item, index) => (
          <p key={item.key} className="flex items-center gap-2">
            <Swatch color={colorOf(index)} />
            <span className="min-w-0 flex-1 truncate">{item.label}</span>
            <span className="whitespace-nowrap tabular-nums">{format(drawnValue(row, item.key))}</span>
          </p>
        ))}
      {row.forecast !== null && (
        <p className="flex items-center gap-2">
          <ForecastSwatch />
          <span className="min-w-0 flex-1 truncate">{t('billing.usage.forecast')}</span>
          <span className="whitespace-nowrap tabular-nums">{format(row.forecast)}</span>
        </p>
      )}
    </div>
  )
}

function Swatch({ color }: { color: string }) {
  return <span className="size-2.5 shrink-0 rounded-[2px]" style={{ background: color }} />
}

function ForecastSwatch() {
  return (
    <svg className="shrink-0" width={16} height={10} aria-hidden="true">
      <line
        x1={0}
        x2={16}
        y1={5}
        y2={5}
        stroke="var(--foreground)"
        strokeWidth={1.5}
        strokeDasharray={FORECAST_DASH}
      />
    </svg>
  )
}

/**
 * The box's size in pixels as it changes, measured before the first paint: the chart is drawn at
 * the size it is shown, so its text is never stretched, from a phone to a desktop.
 */
function useBoxSize(box: RefObject<HTMLElement | null>): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const measure = () => {
      const width = Math.floor(element.clientWidth)
      const height = Math.floor(element.clientHeight)
      setSize((current) =>
        current?.width === width && current.height === height ? current : { width, height },
      )
    }
    measure()
    const resize = new ResizeObserver(measure)
    resize.observe(element)
    return () => resize.disconnect()
  }, [box])
  return size
}
