import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { formatPrice } from '#common/money.ts'
import { CENTS_PER_UNIT } from '#common/pricing.ts'
import { absoluteHref } from '#common/routes.ts'
import { OVERDUE_REMINDER_DAYS } from '#common/schemas/billing.ts'
import type { ServerContext } from '#server/context.ts'
import { invoices, organizations, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { invoiceOverdueMail } from '#server/mail/billing-mails.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { currencyOf } from './currency.ts'
import { paymentOptionsOf } from './seller.ts'

const DAY_MS = 86_400_000

/**
 * Open invoices past their due date become overdue; 7 and 14 days later a reminder goes to the
 * billing email (or the organization's admins), in the organization's language, as its invoices
 * are. The count of reminders sent is kept on the invoice,
 * so a run repeated the same day sends nothing more.
 */
export async function chaseOverdueInvoices(
  ctx: ServerContext,
  now: Date,
): Promise<{ overdue: number; reminded: number }> {
  const overdue = await ctx.db
    .update(invoices)
    .set({ status: 'overdue' })
    .where(and(eq(invoices.status, 'open'), lt(invoices.dueAt, now)))
    .returning({ id: invoices.id })
  let reminded = 0
  for (const [index, days] of OVERDUE_REMINDER_DAYS.entries()) {
    const due = await ctx.db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.status, 'overdue'),
          eq(invoices.remindersSent, index),
          lt(invoices.dueAt, new Date(now.getTime() - days * DAY_MS)),
        ),
      )
    for (const invoice of due) {
      await inTransaction(ctx, async (uow) => {
        const { tx } = uow
        const claimed = await tx
          .update(invoices)
          .set({ remindersSent: sql`${invoices.remindersSent} + 1` })
          .where(and(eq(invoices.id, invoice.id), eq(invoices.remindersSent, index)))
          .returning({ id: invoices.id })
        if (claimed.length === 0) return
        const [organization] = await tx
          .select({ language: organizations.language })
          .from(organizations)
          .where(eq(organizations.id, invoice.organizationId))
        const language = organization?.language ?? 'en'
        const admins = await tx
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            preferences: users.notificationPreferences,
          })
          .from(users)
          .where(
            and(
              eq(users.organizationId, invoice.organizationId),
              inArray(users.role, ['admin', 'super_admin']),
            ),
          )
        const recipients = invoice.billingEmail
          ? [
              {
                email: invoice.billingEmail,
                name: invoice.customerName,
              },
            ]
          : // An admin who turned invoice mails off is left out; the billing address always hears.
            admins.filter((admin) => admin.preferences.invoices?.email !== false)
        for (const recipient of recipients)
          await sendMail(
            uow,
            invoiceOverdueMail,
            { ...recipient, language },
            {
              name: recipient.name,
              number: invoice.number,
              amount: formatPrice(
                (invoice.totalCents - invoice.amountPaidCents) / CENTS_PER_UNIT,
                currencyOf(invoice.currency),
                language,
              ),
              daysOverdue: days,
              url: absoluteHref(ctx.config.appUrl, 'billing'),
              payment: paymentOptionsOf(ctx.config),
              issuer: {
                legalName: ctx.config.seller.legalName,
                billingEmail: ctx.config.seller.contacts.billingEmail,
              },
            },
          )
        reminded++
      })
    }
  }
  return { overdue: overdue.length, reminded }
}
