import { sql } from 'drizzle-orm'
import { USAGE_KINDS, type Usage, type UsageKind } from '#common/schemas/billing.ts'
import type { Database } from '#server/db/client.ts'
import { csvField } from '#server/lib/csv.ts'
import { spendOf } from '#server/modules/billing/summary.ts'

/**
 * The usage charts' data: a month's metered cost per day, by kind and by cluster, straight from
 * the usage records (the totals are their sums), and for the current month the forecast spread
 * over the days still to come. Amounts are USD milli-cents.
 */

const DAY_MS = 86_400_000
const MONTH_PATTERN = /^(\d{4})-(\d{2})$/

export function monthBounds(month: string): { from: Date; to: Date } {
  const [, year, monthNumber] = MONTH_PATTERN.exec(month)!
  const from = new Date(Date.UTC(Number(year), Number(monthNumber) - 1, 1))
  return { from, to: new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1)) }
}

type DayRow = { day: string; kind: UsageKind; cluster_id: string | null; amount: string; records: number }

export async function usageOf(
  db: Database,
  organizationId: string,
  month: string | undefined,
  now: Date,
): Promise<Usage> {
  const current = now.toISOString().slice(0, 7)
  const chosen = month ?? current
  const { from, to } = monthBounds(chosen)
  const rows = await db.execute<DayRow>(sql`
    select to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day, kind, cluster_id,
      sum(amount_millicents) as amount, count(*)::int as records
    from usage_records
    where organization_id = ${organizationId} and hour >= ${from} and hour < ${to}
    group by 1, 2, 3`)
  const names = await db.execute<{ id: string; name: string }>(sql`
    select distinct c.id, c.name from clusters c join usage_records u on u.cluster_id = c.id
    where u.organization_id = ${organizationId} and u.hour >= ${from} and u.hour < ${to}`)
  const months = await db.execute<{ month: string }>(sql`
    select distinct to_char(hour at time zone 'UTC', 'YYYY-MM') as month from usage_records
    where organization_id = ${organizationId} order by 1 desc limit 36`)

  const isCurrent = chosen === current
  const spend = isCurrent ? await spendOf(db, organizationId, now) : undefined
  const totalMillicents = rows.rows.reduce((total, row) => total + Number(row.amount), 0)
  const lastMeteredDay = spend?.meteredUntil
    ? new Date(spend.meteredUntil.getTime() - 1).toISOString().slice(0, 10)
    : undefined
  const forecastMillicents = spend ? Math.max(totalMillicents, spend.forecastCents * 1_000) : totalMillicents
  const futureDays: string[] = []
  const days: Usage['days'] = []
  for (let at = from.getTime(); at < to.getTime(); at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10)
    const ofDay = rows.rows.filter((row) => row.day === date)
    const future = isCurrent && (lastMeteredDay === undefined || date > lastMeteredDay) && ofDay.length === 0
    if (future) futureDays.push(date)
    days.push({
      date,
      amountMillicents: ofDay.reduce((total, row) => total + Number(row.amount), 0),
      byKind: USAGE_KINDS.map((kind) => ({
        kind,
        amountMillicents: ofDay
          .filter((row) => row.kind === kind)
          .reduce((t, row) => t + Number(row.amount), 0),
      })),
      byCluster: [...new Set(ofDay.map((row) => row.cluster_id))].map((clusterId) => ({
        clusterId,
        amountMillicents: ofDay
          .filter((row) => row.cluster_id === clusterId)
          .reduce((t, row) => t + Number(row.amount), 0),
      })),
      forecast: future,
    })
  }
  // What is left to the forecast, spread evenly over the days to come.
  const perFutureDay = futureDays.length
    ? Math.round((forecastMillicents - totalMillicents) / futureDays.length)
    : 0
  for (const day of days) if (day.forecast) day.amountMillicents = perFutureDay

  const clusterTotals = new Map<string | null, number>()
  for (const row of rows.rows)
    clusterTotals.set(row.cluster_id, (clusterTotals.get(row.cluster_id) ?? 0) + Number(row.amount))
  return {
    month: chosen,
    days,
    clusters: [...clusterTotals].map(([id, amountMillicents]) => ({
      id,
      name:
        id === null ? 'Support plan' : (names.rows.find((row) => row.id === id)?.name ?? 'Deleted cluster'),
      amountMillicents,
    })),
    byKind: USAGE_KINDS.map((kind) => ({
      kind,
      amountMillicents: rows.rows
        .filter((row) => row.kind === kind)
        .reduce((t, row) => t + Number(row.amount), 0),
    })),
    totalMillicents,
    forecastMillicents,
    recordCount: rows.rows.reduce((total, row) => total + row.records, 0),
    months: [...new Set([current, ...months.rows.map((row) => row.month)])].sort().reverse(),
  }
}

/** The month's usage records as CSV: one line per resource and hour. */
export async function usageCsv(db: Database, organizationId: string, month: string): Promise<string> {
  const { from, to } = monthBounds(month)
  const rows = await db.execute<{
    hour: Date
    kind: string
    cluster: string | null
    description: string
    quantity: number
    amount: string
    chargeable: boolean
  }>(sql`
    select u.hour, u.kind, c.name as cluster, u.description, u.quantity, u.amount_millicents as amount, u.chargeable
    from usage_records u left join clusters c on c.id = u.cluster_id
    where u.organization_id = ${organizationId} and u.hour >= ${from} and u.hour < ${to}
    order by u.hour, c.name, u.resource_key`)
  const header = 'hour,kind,cluster,description,quantity,amount_usd,charged'
  const lines = rows.rows.map((row) =>
    [
      new Date(row.hour).toISOString(),
      row.kind,
      row.cluster ?? '',
      row.description,
      row.quantity,
      (Number(row.amount) / 100_000).toFixed(5),
      row.chargeable ? 'yes' : 'no (yearly)',
    ]
      .map(csvField)
      .join(','),
  )
  return `${[header, ...lines].join('\n')}\n`
}
