import { sql } from 'drizzle-orm'
import type { Currency, ExchangeRates } from '#common/money.ts'
import { MILLICENTS_PER_CENT } from '#common/pricing.ts'
import type { BillingSummary } from '#common/schemas/billing.ts'
import type { Database } from '#server/db/client.ts'
import { HOUR_MS, startOfHour, startOfMonth, startOfNextMonth } from './calendar.ts'
import { type ChargeLine, chargeLines, rateForMonth, sumOf } from './charges.ts'
import { currencyOf } from './currency.ts'

/**
 * What the organization spends this month as it accrues: the charged usage so far, and the
 * month-end forecast: so far, plus every resource still billable at its hourly price for the
 * hours left, each no further than its monthly cap.
 */
export async function spendOf(
  db: Database,
  organizationId: string,
  now: Date,
): Promise<{
  monthToDateCents: number
  forecastCents: number
  projectedMillicents: number
  meteredUntil: Date | null
}> {
  const monthStart = startOfMonth(now)
  const monthEnd = startOfNextMonth(now)
  const result = await db.execute<{
    month_to_date: string
    projected: string
    metered_until: Date | null
  }>(sql`
    with metered as (select max(hour) as until from metered_hours where hour >= ${monthStart} and hour < ${monthEnd}),
    used as (
      select resource_key, sum(amount_millicents) as amount from usage_records
      where organization_id = ${organizationId} and hour >= ${monthStart} and hour < ${monthEnd} and chargeable
      group by resource_key
    ),
    open as (
      select b.resource_key, b.hourly_millicents, b.monthly_cap_millicents from billable_periods b
      where b.organization_id = ${organizationId} and b.ended_at is null and b.billing_cycle = 'monthly'
    )
    select
      coalesce((select sum(amount) from used), 0) as month_to_date,
      coalesce((select sum(least(
        o.hourly_millicents * greatest(0, extract(epoch from (${monthEnd}::timestamptz -
          coalesce((select until from metered), ${startOfHour(now)}::timestamptz - interval '1 hour') - interval '1 hour')) / 3600),
        greatest(0, o.monthly_cap_millicents - coalesce(u.amount, 0))))
        from open o left join used u on u.resource_key = o.resource_key), 0) as projected,
      (select until from metered) as metered_until`)
  const row = result.rows[0]!
  const monthToDate = Number(row.month_to_date)
  return {
    monthToDateCents: Math.round(monthToDate / 1_000),
    forecastCents: Math.round((monthToDate + Number(row.projected)) / 1_000),
    projectedMillicents: Number(row.projected),
    meteredUntil: row.metered_until ? new Date(new Date(row.metered_until).getTime() + HOUR_MS) : null,
  }
}

/**
 * This month in the organization's currency as the screens show it: the charges so far (the lines
 * its invoice will have, charges.ts) and the month-end forecast, the rest of the month converted
 * at the same rate.
 */
export async function monthSpend(
  db: Database,
  organizationId: string,
  now: Date,
  rate: number,
): Promise<{
  lines: ChargeLine[]
  monthToDateCents: number
  forecastCents: number
  meteredUntil: Date | null
}> {
  const [lines, spend] = await Promise.all([
    chargeLines(db, organizationId, startOfMonth(now), startOfNextMonth(now), rate),
    spendOf(db, organizationId, now),
  ])
  const monthToDateCents = sumOf(lines)
  return {
    lines,
    monthToDateCents,
    forecastCents: monthToDateCents + Math.round((spend.projectedMillicents * rate) / MILLICENTS_PER_CENT),
    meteredUntil: spend.meteredUntil,
  }
}

export async function billingSummary(
  db: Database,
  organization: { id: string; billingCurrency: string },
  creditsBalanceCents: number,
  now: Date,
  rates: ExchangeRates,
): Promise<BillingSummary> {
  const currency = currencyOf(organization.billingCurrency)
  const monthStart = startOfMonth(now)
  const lastMonthStart = startOfMonth(new Date(monthStart.getTime() - 1))
  const lastMonthRate = await rateForMonth(db, organization.id, currency, lastMonthStart, rates)
  const [spend, lastMonth] = await Promise.all([
    monthSpend(db, organization.id, now, rates[currency]),
    chargeLines(db, organization.id, lastMonthStart, monthStart, lastMonthRate),
  ])
  const outstanding = await db.execute<{ currency: Currency; amount: string }>(sql`
    select currency, sum(total_cents - amount_paid_cents) as amount from invoices
    where organization_id = ${organization.id} and status in ('open', 'overdue')
    group by currency order by currency`)
  return {
    periodStart: monthStart.toISOString(),
    meteredUntil: spend.meteredUntil?.toISOString() ?? null,
    monthToDateCents: spend.monthToDateCents,
    forecastCents: spend.forecastCents,
    lastMonthCents: sumOf(lastMonth),
    creditsBalanceCents,
    outstanding: outstanding.rows.map((row) => ({ currency: row.currency, amountCents: Number(row.amount) })),
    billingCurrency: currency,
  }
}
