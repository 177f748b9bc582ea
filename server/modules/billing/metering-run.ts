import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { organizations } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { syncSupportPlanMeter } from './billable-periods.ts'
import { HOUR_MS, startOfHour, startOfMonth } from './calendar.ts'

/**
 * The hourly metering run. Each hour gets one usage record per resource that was billable at any
 * moment of it, written with `ON CONFLICT DO NOTHING` on (resource, hour) and the hour marked done
 * in the same transaction: running an hour twice records it once, a crash mid-way leaves nothing
 * half-written, and the next run starts after the last hour marked done, so none is lost.
 */

/** How far back a restart fills missed hours. */
const CATCH_UP_LIMIT_HOURS = 31 * 24

/**
 * Records the usage of the hour starting at `hour`. A monthly resource's hour costs its hourly
 * price, but never more than what is left of its monthly price this month (the cap); a yearly
 * cluster's hours are recorded for the charts and marked not chargeable.
 */
export async function meterHour(db: Database, hour: Date): Promise<number> {
  const start = startOfHour(hour)
  const end = new Date(start.getTime() + HOUR_MS)
  const monthStart = startOfMonth(start)
  return inTransaction(db, async ({ tx }) => {
    const inserted = await tx.execute<{ count: number }>(sql`
      with billable as (
        select distinct on (resource_key) *
        from billable_periods
        where started_at < ${end} and (ended_at is null or ended_at > ${start})
        order by resource_key, hourly_millicents desc
      ), written as (
        insert into usage_records (resource_key, hour, organization_id, kind, cluster_id, description,
          quantity, amount_millicents, list_millicents, chargeable)
        select b.resource_key, ${start}, b.organization_id, b.kind, b.cluster_id, b.description, b.quantity,
          least(b.hourly_millicents, greatest(0, b.monthly_cap_millicents - coalesce(used.amount, 0))),
          b.hourly_millicents, b.billing_cycle = 'monthly'
        from billable b
        left join lateral (
          select sum(u.amount_millicents) as amount from usage_records u
          where u.resource_key = b.resource_key and u.hour >= ${monthStart} and u.hour < ${start}
        ) used on true
        on conflict do nothing
        returning 1
      )
      select count(*)::int as count from written`)
    const count = inserted.rows[0]?.count ?? 0
    await tx.execute(sql`
      insert into metered_hours (hour, record_count) values (${start}, ${count})
      on conflict (hour) do update set record_count = metered_hours.record_count + excluded.record_count`)
    return count
  })
}

/** The hours to meter now: after the last one done, up to the last complete hour. */
export async function dueHours(db: Database, now: Date): Promise<Date[]> {
  const lastComplete = new Date(startOfHour(now).getTime() - HOUR_MS)
  const result = await db.execute<{ last: Date | null; first: Date | null }>(sql`
    select (select max(hour) from metered_hours) as last,
           (select min(started_at) from billable_periods) as first`)
  const { last, first } = result.rows[0] ?? { last: null, first: null }
  const from = last
    ? new Date(new Date(last).getTime() + HOUR_MS)
    : first
      ? startOfHour(new Date(first))
      : lastComplete
  const earliest = lastComplete.getTime() - CATCH_UP_LIMIT_HOURS * HOUR_MS
  const hours: Date[] = []
  for (let at = Math.max(from.getTime(), earliest); at <= lastComplete.getTime(); at += HOUR_MS)
    hours.push(new Date(at))
  return hours
}

/** Opens or closes support-plan periods of every organization whose plan changed outside a sync. */
export async function syncSupportPlans(db: Database, at: Date): Promise<void> {
  const stale = await db.execute<{ id: string }>(sql`
    select o.id from ${organizations} o
    join support_plans p on p.id = o.support_plan_id
    left join billable_periods b on b.resource_key = 'support-plan:' || o.id and b.ended_at is null
    where (p.monthly_price_cents > 0) <> (b.id is not null)
       or (b.id is not null and b.description <> 'Support plan ' || p.name)`)
  for (const { id } of stale.rows) await inTransaction(db, ({ tx }) => syncSupportPlanMeter(tx, id, at))
}

/** One metering run: every due hour in order; answers the hours it metered. */
export async function meterDueHours(db: Database, now: Date): Promise<Date[]> {
  await syncSupportPlans(db, startOfHour(now))
  const hours = await dueHours(db, now)
  for (const hour of hours) await meterHour(db, hour)
  return hours
}
