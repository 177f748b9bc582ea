import { sql } from 'drizzle-orm'
import type { ExchangeRates } from '#common/money.ts'
import { USAGE_KINDS, type Usage } from '#common/schemas/billing.ts'
import type { Database } from '#server/db/client.ts'
import { csvField } from '#server/lib/csv.ts'
import {
  type ChargeLine,
  chargeLines,
  currencyOf,
  monthOf,
  monthSpend,
  rateForMonth,
  splitByWeight,
  startOfNamedMonth,
  startOfNextMonth,
  sumOf,
} from '#server/modules/billing/index.ts'

/**
 * The usage charts' data: a month's charges per day, by kind and by cluster, in cents of the
 * organization's billing currency. They are the invoice's lines (billing/charges.ts) split over
 * the days they were used, so every total here is the invoice's to the cent; for the current
 * month the forecast is spread over the days still to come.
 */

const DAY_MS = 86_400_000
/** A named month ("2026-10", checked by the contract) from its first instant to the next month's, UTC. */
function monthBounds(month: string): { from: Date; to: Date } {
  const from = startOfNamedMonth(month)
  return { from, to: startOfNextMonth(from) }
}

export async function usageOf(
  db: Database,
  organization: { id: string; billingCurrency: string },
  month: string | undefined,
  now: Date,
  rates: ExchangeRates,
): Promise<Usage> {
  const current = monthOf(now)
  const chosen = month ?? current
  const { from, to } = monthBounds(chosen)
  const currency = currencyOf(organization.billingCurrency)
  const isCurrent = chosen === current
  const spend = isCurrent ? await monthSpend(db, organization.id, now, rates[currency]) : undefined
  const lines =
    spend?.lines ??
    (await chargeLines(
      db,
      organization.id,
      from,
      to,
      await rateForMonth(db, organization.id, currency, from, rates),
    ))
  const names = await db.execute<{ id: string; name: string }>(sql`
    select distinct c.id, c.name from clusters c join usage_records u on u.cluster_id = c.id
    where u.organization_id = ${organization.id} and u.hour >= ${from} and u.hour < ${to}`)
  const counts = await db.execute<{ records: number }>(sql`
    select count(*)::int as records from usage_records
    where organization_id = ${organization.id} and hour >= ${from} and hour < ${to}`)
  const months = await db.execute<{ month: string }>(sql`
    select distinct to_char(hour at time zone 'UTC', 'YYYY-MM') as month from usage_records
    where organization_id = ${organization.id} order by 1 desc limit 36`)

  const totalCents = sumOf(lines)
  const forecastCents = spend ? Math.max(totalCents, spend.forecastCents) : totalCents
  const lastMeteredDay = spend?.meteredUntil
    ? new Date(spend.meteredUntil.getTime() - 1).toISOString().slice(0, 10)
    : undefined
  const amountOn = (date: string, line: ChargeLine) =>
    line.days.find((day) => day.date === date)?.amountCents ?? 0
  const futureDays: string[] = []
  const days: Usage['days'] = []
  for (let at = from.getTime(); at < to.getTime(); at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10)
    const ofDay = lines.filter((line) => line.days.some((day) => day.date === date))
    const future = isCurrent && (lastMeteredDay === undefined || date > lastMeteredDay) && ofDay.length === 0
    if (future) futureDays.push(date)
    const total = (of: ChargeLine[]) => of.reduce((sum, line) => sum + amountOn(date, line), 0)
    days.push({
      date,
      amountCents: total(ofDay),
      byKind: USAGE_KINDS.map((kind) => ({
        kind,
        amountCents: total(ofDay.filter((line) => line.kind === kind)),
      })),
      byCluster: [...new Set(ofDay.map((line) => line.clusterId))].map((clusterId) => ({
        clusterId,
        amountCents: total(ofDay.filter((line) => line.clusterId === clusterId)),
      })),
      forecast: future,
    })
  }
  // What is left to the forecast, spread over the days to come (the running totals rounded).
  const spread = splitByWeight(
    forecastCents - totalCents,
    futureDays.map((date) => ({ date, weight: 1 })),
  )
  for (const day of days)
    if (day.forecast) day.amountCents = spread.find((part) => part.date === day.date)?.amountCents ?? 0

  const clusterIds = [...new Set(lines.map((line) => line.clusterId))]
  return {
    month: chosen,
    currency,
    days,
    clusters: clusterIds.map((id) => ({
      id,
      name:
        id === null ? 'Support plan' : (names.rows.find((row) => row.id === id)?.name ?? 'Deleted cluster'),
      amountCents: sumOf(lines.filter((line) => line.clusterId === id)),
    })),
    byKind: USAGE_KINDS.map((kind) => ({
      kind,
      amountCents: sumOf(lines.filter((line) => line.kind === kind)),
    })),
    totalCents,
    forecastCents,
    recordCount: counts.rows[0]?.records ?? 0,
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
