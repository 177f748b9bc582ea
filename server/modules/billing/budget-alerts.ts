import { createHmac, randomBytes } from 'node:crypto'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { ExchangeRates } from '#common/money.ts'
import { formatAmount } from '#common/pricing.ts'
import { absoluteHref, href } from '#common/routes.ts'
import { type BudgetAlert, MAX_BUDGET_ALERTS } from '#common/schemas/billing.ts'
import type { ServerContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import { budgetAlertFirings, budgetAlerts, organizations } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { QUEUES } from '#server/jobs/queue.ts'
import { conflict, notFound } from '#server/lib/errors.ts'
import { budgetAlertMail } from '#server/mail/billing-mails.ts'
import { sendMail } from '#server/mail/template.ts'
import { channelsFor, createNotification } from '#server/modules/notifications/service.ts'
import { activeAdminsOf } from '#server/modules/users/queries.ts'
import { currencyOf, monthOf } from './invoicing.ts'
import { spendOf } from './summary.ts'

/**
 * Budget alerts: thresholds on the month-to-date spend or the month-end forecast, in the billing
 * currency. Each fires once a month (its firing row is the proof), by mail and notification to the
 * organization's admins and, when set, a webhook signed with HMAC-SHA256 over `<timestamp>.<body>`.
 */

export const SIGNATURE_HEADER = 'clusterdeck-signature'
const WEBHOOK_TIMEOUT_MS = 10_000

type AlertRow = typeof budgetAlerts.$inferSelect

export async function listBudgetAlerts(db: Database, organizationId: string): Promise<BudgetAlert[]> {
  const rows = await db
    .select({ alert: budgetAlerts, lastFiredAt: sql<Date | null>`max(${budgetAlertFirings.firedAt})` })
    .from(budgetAlerts)
    .leftJoin(budgetAlertFirings, eq(budgetAlertFirings.alertId, budgetAlerts.id))
    .where(eq(budgetAlerts.organizationId, organizationId))
    .groupBy(budgetAlerts.id)
    .orderBy(asc(budgetAlerts.amountCents), asc(budgetAlerts.createdAt))
  return rows.map(({ alert, lastFiredAt }) => toBudgetAlert(alert, lastFiredAt))
}

function toBudgetAlert(alert: AlertRow, lastFiredAt: Date | string | null): BudgetAlert {
  return {
    id: alert.id,
    amountCents: alert.amountCents,
    currency: currencyOf(alert.currency),
    basis: alert.basis,
    webhookUrl: alert.webhookUrl,
    lastFiredAt: lastFiredAt ? new Date(lastFiredAt).toISOString() : null,
    createdAt: alert.createdAt.toISOString(),
  }
}

/** A new threshold in the billing currency; its webhook secret is in this answer only. */
export async function createBudgetAlert(
  db: Database,
  input: {
    organizationId: string
    userId: string
    amountCents: number
    basis: AlertRow['basis']
    webhookUrl: string | null
  },
): Promise<BudgetAlert & { webhookSecret: string | null }> {
  return inTransaction(db, async (tx) => {
    const [organization] = await tx
      .select({ currency: organizations.billingCurrency })
      .from(organizations)
      .where(eq(organizations.id, input.organizationId))
      .for('update')
    const [existing] = await tx
      .select({ value: count() })
      .from(budgetAlerts)
      .where(eq(budgetAlerts.organizationId, input.organizationId))
    if ((existing?.value ?? 0) >= MAX_BUDGET_ALERTS)
      throw conflict(`An organization has at most ${MAX_BUDGET_ALERTS} budget alerts; remove one first`)
    const webhookSecret = input.webhookUrl ? `whsec_${randomBytes(24).toString('base64url')}` : null
    const [alert] = await tx
      .insert(budgetAlerts)
      .values({
        organizationId: input.organizationId,
        amountCents: input.amountCents,
        currency: currencyOf(organization?.currency ?? 'EUR'),
        basis: input.basis,
        webhookUrl: input.webhookUrl,
        webhookSecret,
        createdBy: input.userId,
      })
      .returning()
    return { ...toBudgetAlert(alert!, null), webhookSecret }
  })
}

export async function deleteBudgetAlert(db: Database, organizationId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(budgetAlerts)
    .where(and(eq(budgetAlerts.id, id), eq(budgetAlerts.organizationId, organizationId)))
    .returning({ id: budgetAlerts.id })
  if (deleted.length === 0) throw notFound('Budget alert not found')
}

/** Fires every alert whose threshold is crossed and that has not fired this month. */
export async function evaluateBudgetAlerts(
  ctx: ServerContext,
  rates: ExchangeRates,
  now: Date,
): Promise<number> {
  const month = `${monthOf(now)}-01`
  const pending = await ctx.db.execute<{ organization_id: string }>(sql`
    select distinct a.organization_id from budget_alerts a
    where not exists (select 1 from budget_alert_firings f where f.alert_id = a.id and f.month = ${month})`)
  let fired = 0
  for (const { organization_id: organizationId } of pending.rows) {
    const spend = await spendOf(ctx.db, organizationId, now)
    const alerts = await ctx.db
      .select()
      .from(budgetAlerts)
      .where(eq(budgetAlerts.organizationId, organizationId))
    for (const alert of alerts) {
      const usd = alert.basis === 'forecast' ? spend.forecastCents : spend.monthToDateCents
      const spent = Math.round(usd * rates[currencyOf(alert.currency)])
      if (spent < alert.amountCents) continue
      if (await fireAlert(ctx, alert, { month, spentCents: spent })) fired++
    }
  }
  return fired
}

async function fireAlert(
  ctx: ServerContext,
  alert: AlertRow,
  firing: { month: string; spentCents: number },
): Promise<boolean> {
  return inTransaction(ctx.db, async (tx, sqlExecutor) => {
    const inserted = await tx
      .insert(budgetAlertFirings)
      .values({ alertId: alert.id, month: firing.month, spentCents: firing.spentCents })
      .onConflictDoNothing()
      .returning()
    if (inserted.length === 0) return false
    const currency = currencyOf(alert.currency)
    const threshold = formatAmount(alert.amountCents, currency)
    const spent = formatAmount(firing.spentCents, currency)
    const admins = await activeAdminsOf(tx, alert.organizationId)
    for (const admin of admins) {
      const channels = await channelsFor(tx, admin.id, 'budget_alerts')
      if (channels.app)
        await createNotification(tx, sqlExecutor, {
          userId: admin.id,
          type: 'warning',
          title: 'Budget alert',
          message:
            alert.basis === 'forecast'
              ? `This month's spend is forecast at ${spent}, above ${threshold}.`
              : `This month's spend is ${spent}, above ${threshold}.`,
          link: href('billing'),
        })
      if (channels.email)
        await sendMail(ctx.queue, sqlExecutor, budgetAlertMail, admin, {
          name: admin.name,
          threshold,
          spent,
          basis: alert.basis,
          url: absoluteHref(ctx.config.appUrl, 'billing'),
        })
    }
    if (alert.webhookUrl)
      await ctx.queue.send(
        QUEUES.budgetWebhook,
        {
          alertId: alert.id,
          body: {
            type: 'budget_alert.fired',
            alertId: alert.id,
            basis: alert.basis,
            currency,
            thresholdCents: alert.amountCents,
            spentCents: firing.spentCents,
            month: firing.month.slice(0, 7),
          },
        },
        sqlExecutor,
      )
    return true
  })
}

/** `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as the receiver recomputes it. */
export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')
  return `t=${timestampSeconds},v1=${signature}`
}

/** One delivery attempt; a failure throws, and the queue retries with back-off. */
export async function deliverBudgetWebhook(
  db: Database,
  job: { alertId: string; body: object },
): Promise<void> {
  const [alert] = await db.select().from(budgetAlerts).where(eq(budgetAlerts.id, job.alertId))
  // Removed since it fired, or its webhook taken off: nothing to deliver.
  if (!alert?.webhookUrl || !alert.webhookSecret) return
  const body = JSON.stringify(job.body)
  const response = await fetch(alert.webhookUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Clusterdeck-Webhooks/1',
      [SIGNATURE_HEADER]: signWebhook(alert.webhookSecret, body, Math.floor(Date.now() / 1000)),
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`The budget webhook answered ${response.status}`)
}
