import { sql } from 'drizzle-orm'
import type { Currency, ExchangeRates } from '#common/money.ts'
import { MILLICENTS_PER_CENT, roundHourlyMillicents } from '#common/pricing.ts'
import type { UsageKind } from '#common/schemas/billing.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import { monthOf } from './calendar.ts'

/**
 * What an organization is charged for a stretch of time, in cents of its billing currency. This
 * is the one place usage becomes money a person reads (docs/architecture.md, "Money"): each
 * resource's hours are priced at its hourly price converted once to the currency at four
 * decimals, hours × price is rounded once to the cent, and a resource that reached its monthly
 * price is charged that price instead. The month so far, last month, usage per day, cluster and
 * kind, and an invoice's lines are all sums of these lines' amounts, so they agree to the cent.
 */

export type ChargeLine = {
  resourceKey: string
  kind: UsageKind
  clusterId: string | null
  clusterName: string | null
  description: string
  /** Hours, or node-hours for a node pool. */
  quantity: number
  /** Per hour, in milli-cents of the currency, a multiple of 10 (four decimals). */
  unitPriceMillicents: number
  /** Quantity × unit price, to the cent. */
  listAmountCents: number
  /** What is charged: the list amount, or less when the resource reached its monthly price. */
  amountCents: number
  /** The amount split over the days of the usage, summing to it exactly. */
  days: { date: string; amountCents: number }[]
}

export type UsageDayRow = {
  resource_key: string
  kind: UsageKind
  cluster_id: string | null
  cluster_name: string | null
  description: string
  unit_millicents: string
  day: string
  quantity: number
  amount: string
  list_amount: string
}

/** The chargeable usage of [from, to) as lines, one per resource and hourly price. */
export async function chargeLines(
  db: Queryable,
  organizationId: string,
  from: Date,
  to: Date,
  rate: number,
): Promise<ChargeLine[]> {
  const result = await db.execute<UsageDayRow>(sql`
    select u.resource_key, u.kind, u.cluster_id, c.name as cluster_name,
      (array_agg(u.description order by u.hour desc))[1] as description,
      u.list_millicents / u.quantity as unit_millicents,
      to_char(u.hour at time zone 'UTC', 'YYYY-MM-DD') as day,
      sum(u.quantity)::int as quantity, sum(u.amount_millicents) as amount, sum(u.list_millicents) as list_amount
    from usage_records u left join clusters c on c.id = u.cluster_id
    where u.organization_id = ${organizationId} and u.hour >= ${from} and u.hour < ${to}
      and u.chargeable and u.quantity > 0
    group by u.resource_key, u.kind, u.cluster_id, c.name, unit_millicents, day
    order by day`)
  const groups = new Map<string, UsageDayRow[]>()
  for (const row of result.rows) {
    const key = `${row.resource_key}\u0000${row.unit_millicents}`
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  return [...groups.values()].map((rows) => chargeLineOf(rows, rate)).filter((line) => line.amountCents > 0)
}

/** One resource's hours at one price, converted and rounded (the rows are its days, in order). */
export function chargeLineOf(rows: readonly UsageDayRow[], rate: number): ChargeLine {
  const last = rows.at(-1)!
  const quantity = rows.reduce((total, row) => total + row.quantity, 0)
  const chargedMillicents = rows.reduce((total, row) => total + Number(row.amount), 0)
  const listMillicents = rows.reduce((total, row) => total + Number(row.list_amount), 0)
  const unitPriceMillicents = roundHourlyMillicents(Number(last.unit_millicents) * rate)
  const listAmountCents = Math.round((quantity * unitPriceMillicents) / MILLICENTS_PER_CENT)
  const amountCents =
    chargedMillicents < listMillicents
      ? Math.min(listAmountCents, Math.round((chargedMillicents * rate) / MILLICENTS_PER_CENT))
      : listAmountCents
  return {
    resourceKey: last.resource_key,
    kind: last.kind,
    clusterId: last.cluster_id,
    clusterName: last.cluster_name,
    description: last.description,
    quantity,
    unitPriceMillicents,
    listAmountCents,
    amountCents,
    days: splitByWeight(
      amountCents,
      rows.map((row) => ({ date: row.day, weight: Number(row.amount) })),
    ),
  }
}

/**
 * An amount in cents split over parts in proportion to their weights, each part the difference of
 * the rounded running totals, so the parts always sum to the amount.
 */
export function splitByWeight(
  cents: number,
  parts: readonly { date: string; weight: number }[],
): { date: string; amountCents: number }[] {
  const total = parts.reduce((sum, part) => sum + part.weight, 0)
  let running = 0
  let given = 0
  return parts.map((part) => {
    running += part.weight
    const upTo = total > 0 ? Math.round((cents * running) / total) : 0
    const amountCents = upTo - given
    given = upTo
    return { date: part.date, amountCents }
  })
}

export function sumOf(lines: readonly { amountCents: number }[]): number {
  return lines.reduce((total, line) => total + line.amountCents, 0)
}

/**
 * The rate a month's usage is shown at: the one its invoice was issued at once it is invoiced (so
 * the screens show the invoice's figures), today's before.
 */
export async function rateForMonth(
  db: Database,
  organizationId: string,
  currency: Currency,
  monthStart: Date,
  currentRates: ExchangeRates,
): Promise<number> {
  const month = monthOf(monthStart)
  const result = await db.execute<{ exchange_rate: string }>(sql`
    select exchange_rate from invoices
    where organization_id = ${organizationId} and source = ${`month:${month}`} and kind = 'invoice'`)
  const invoiced = result.rows[0]?.exchange_rate
  return invoiced === undefined ? currentRates[currency] : Number(invoiced)
}
