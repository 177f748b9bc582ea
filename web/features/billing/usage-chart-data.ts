import type { Usage } from '#common/schemas/billing.ts'

/** Chart rows from a month's usage: one per day, one value per series, the forecast apart. */

export type UsageSeries = { key: string; label: string }
export type UsageChartRow = {
  date: string
  /** The day's metered total (null on days to come), from its exact amount, not the series' sum. */
  total: number | null
  forecast: number | null
} & Record<string, number | string | null>

/**
 * One row per day with a value per series (in display units from `toUnits`). Days still to come
 * carry only the forecast; the last metered day carries it too, so the dashed line starts there.
 */
export function usageChartRows(
  usage: Usage,
  series: UsageSeries[],
  amountsOf: (day: Usage['days'][number]) => { key: string; amountCents: number }[],
  toUnits: (cents: number) => number,
): UsageChartRow[] {
  const lastActual = usage.days.findLastIndex((day) => !day.forecast)
  const hasForecast = usage.days.some((day) => day.forecast)
  return usage.days.map((day, index) => {
    const row: UsageChartRow = {
      date: day.date,
      total: day.forecast ? null : toUnits(day.amountCents),
      forecast: null,
    }
    for (const { key } of series) row[key] = null
    if (!day.forecast) for (const amount of amountsOf(day)) row[amount.key] = toUnits(amount.amountCents)
    if (day.forecast || (hasForecast && index === lastActual)) row.forecast = toUnits(day.amountCents)
    return row
  })
}

/** A cluster's series key (the ones without a cluster, such as the support plan, share one). */
export const clusterKey = (clusterId: string | null) => `cluster:${clusterId ?? 'organization'}`
export const kindKey = (kind: string) => `kind:${kind}`
