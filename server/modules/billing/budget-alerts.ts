import { createHmac, randomBytes } from 'node:crypto'
import { and, asc, count, eq, isNotNull, not, sql } from 'drizzle-orm'
import type { ExchangeRates } from '#common/money.ts'
import { formatAmount } from '#common/pricing.ts'
import { absoluteHref, href } from '#common/routes.ts'
import { type BudgetAlert, MAX_BUDGET_ALERTS } from '#common/schemas/billing.ts'
import { validationMessage } from '#common/validation-messages.ts'
import type { ServerContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import { budgetAlertFirings, budgetAlerts, organizations } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { QUEUES } from '#server/jobs/queue.ts'
import { conflict, type HttpError, notFound, unprocessable } from '#server/lib/errors.ts'
import { checkDestination, OutboundRefusal, postToCustomerUrl } from '#server/lib/outbound.ts'
import { openSecret, sealSecret } from '#server/lib/secrets.ts'
import { budgetAlertMail } from '#server/mail/billing-mails.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { channelsFor, createNotification } from '#server/modules/notifications/index.ts'
import { activeAdminsOf } from '#server/modules/users/index.ts'
import { documentLanguageOf } from './billing-organization.ts'
import { monthOf } from './calendar.ts'
import { currencyOf } from './currency.ts'
import { spendOf } from './summary.ts'

/**
 * Budget alerts: thresholds on the month-to-date spend or the month-end forecast, in the billing
 * currency. Each fires once a month (its firing row is the proof), by mail and notification to the
 * organization's admins and, when set, a webhook signed with HMAC-SHA256 over `<timestamp>.<body>`.
 * The webhook URL goes through the outbound client when saved and at every delivery; its secret is
 * kept sealed (server/lib/secrets.ts).
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
  { db, config }: Pick<ServerContext, 'db' | 'config'>,
  input: {
    organizationId: string
    userId: string
    amountCents: number
    basis: AlertRow['basis']
    webhookUrl: string | null
  },
): Promise<BudgetAlert & { webhookSecret: string | null }> {
  // Before the transaction: resolving a name can take seconds.
  if (input.webhookUrl) await checkWebhookUrl(config.outbound, input.webhookUrl)
  return inTransaction(db, async ({ tx }) => {
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
        webhookSecret: webhookSecret && sealSecret(config.secretsKey, webhookSecret),
        createdBy: input.userId,
      })
      .returning()
    return { ...toBudgetAlert(alert!, null), webhookSecret }
  })
}

export async function deleteBudgetAlert(
  db: Database,
  { organizationId, id }: { organizationId: string; id: string },
): Promise<void> {
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
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
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
    // The mail is in the organization's language, as its invoices are.
    const language = await documentLanguageOf(tx, alert.organizationId)
    const mailThreshold = formatAmount(alert.amountCents, currency, language)
    const mailSpent = formatAmount(firing.spentCents, currency, language)
    for (const admin of admins) {
      const channels = await channelsFor(tx, admin.id, 'budget_alerts')
      if (channels.app)
        await createNotification(uow, {
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
        await sendMail(
          uow,
          budgetAlertMail,
          { ...admin, language },
          {
            name: admin.name,
            threshold: mailThreshold,
            spent: mailSpent,
            basis: alert.basis,
            url: absoluteHref(ctx.config.appUrl, 'billing'),
          },
        )
    }
    if (alert.webhookUrl)
      await uow.enqueue(QUEUES.budgetWebhook, {
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
      })
    return true
  })
}

/** `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as the receiver recomputes it. */
export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')
  return `t=${timestampSeconds},v1=${signature}`
}

/**
 * One delivery attempt; a failure throws, and the queue retries with back-off. The URL is checked
 * again (its name may resolve elsewhere now) and a redirect is a failed delivery, never followed.
 */
export async function deliverBudgetWebhook(
  { db, config }: Pick<ServerContext, 'db' | 'config'>,
  job: { alertId: string; body: object },
): Promise<void> {
  const [alert] = await db.select().from(budgetAlerts).where(eq(budgetAlerts.id, job.alertId))
  // Removed since it fired, or its webhook taken off: nothing to deliver.
  if (!alert?.webhookUrl || !alert.webhookSecret) return
  const secret = isSealed(alert.webhookSecret)
    ? openSecret(config.secretsKey, alert.webhookSecret)
    : alert.webhookSecret
  const body = JSON.stringify(job.body)
  const answer = await postToCustomerUrl(config.outbound, alert.webhookUrl, {
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Clusterdeck-Webhooks/1',
      [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(Date.now() / 1000)),
    },
    body,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
  })
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`The budget webhook answered ${answer.status}`)
}

/** A webhook URL a person may save: 422, in words they can act on, when the guard refuses it. */
async function checkWebhookUrl(settings: ServerContext['config']['outbound'], url: string): Promise<void> {
  try {
    await checkDestination(settings, url)
  } catch (error) {
    if (error instanceof OutboundRefusal) throw webhookUrlRefused(error)
    throw error
  }
}

function webhookUrlRefused(refusal: OutboundRefusal): HttpError {
  const message =
    refusal.reason === 'scheme'
      ? validationMessage('webhookUrlHttps')
      : refusal.reason === 'unresolved'
        ? validationMessage('webhookUrlUnresolved', { host: refusal.host })
        : validationMessage('webhookUrlNotPublic', { address: refusal.address ?? refusal.host })
  return unprocessable(message, 'WEBHOOK_URL_REFUSED')
}

/** Sealed values read `v1.…`; the secrets written before sealing began read `whsec_…`. */
function isSealed(stored: string): boolean {
  return stored.startsWith('v1.')
}

/**
 * Seals the webhook secrets kept in plain text before sealing began (run when the workers start;
 * a row changed meanwhile by another instance is left to it). Returns how many it sealed.
 */
export async function sealLegacyWebhookSecrets(db: Database, key: Buffer): Promise<number> {
  const legacy = await db
    .select({ id: budgetAlerts.id, secret: budgetAlerts.webhookSecret })
    .from(budgetAlerts)
    .where(and(isNotNull(budgetAlerts.webhookSecret), not(sql`${budgetAlerts.webhookSecret} like 'v1.%'`)))
  let sealed = 0
  for (const { id, secret } of legacy) {
    const updated = await db
      .update(budgetAlerts)
      .set({ webhookSecret: sealSecret(key, secret!) })
      .where(and(eq(budgetAlerts.id, id), eq(budgetAlerts.webhookSecret, secret!)))
      .returning({ id: budgetAlerts.id })
    sealed += updated.length
  }
  return sealed
}
