import { and, asc, eq, gte, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { usageRecords } from '#server/db/schema/index.ts'
import { callerOf } from '#server/lib/caller.ts'
import { conflict } from '#server/lib/errors.ts'
import { serve } from '#server/lib/serve.ts'
import {
  issueMonthlyInvoice,
  meterHour,
  monthOf,
  startOfHour,
  startOfNamedMonth,
  startOfNextMonth,
} from '#server/modules/billing/index.ts'
import { requireMember } from '#server/plugins/auth.ts'

const endpoints = api.development
/** The helpers act for the caller's organization: an active member, as the billing routes ask. */
const asMember = { preValidation: requireMember }

/**
 * Development helpers for the billing jobs: run the metering job for chosen hours, read the
 * organization's raw usage records, and issue a month's invoice now. Never registered in
 * production; the browser tests drive the jobs through them rather than the wall clock.
 */
export default async function devBillingRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { rates } = ctx

  serve(
    app,
    endpoints.meter,
    async (request) => {
      let records = 0
      for (const hour of request.body.hours) records += await meterHour(ctx.db, startOfHour(new Date(hour)))
      return { records }
    },
    asMember,
  )

  serve(
    app,
    endpoints.usageRecords,
    async (request) => {
      const month = request.query.month ?? monthOf(new Date())
      const start = startOfNamedMonth(month)
      const end = startOfNextMonth(start)
      const rows = await ctx.db
        .select()
        .from(usageRecords)
        .where(
          and(
            eq(usageRecords.organizationId, callerOf(request).organizationId),
            gte(usageRecords.hour, start),
            lt(usageRecords.hour, end),
          ),
        )
        .orderBy(asc(usageRecords.hour), asc(usageRecords.resourceKey))
      return rows.map((row) => ({
        resourceKey: row.resourceKey,
        hour: row.hour.toISOString(),
        kind: row.kind,
        amountMillicents: row.amountMillicents,
        chargeable: row.chargeable,
      }))
    },
    asMember,
  )

  serve(
    app,
    endpoints.issueInvoice,
    async (request, reply) => {
      const invoice = await issueMonthlyInvoice(ctx.db, {
        organizationId: callerOf(request).organizationId,
        month: request.body.month,
        rates: (await rates.current()).rates,
        at: new Date(),
      })
      if (!invoice) throw conflict('This month has no usage to invoice, or its invoice exists.')
      return reply.status(201).send({ id: invoice.id, number: invoice.number })
    },
    asMember,
  )
}
