import { and, asc, eq, gte, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { USAGE_KINDS, usageQuerySchema } from '#common/schemas/billing.ts'
import type { ServerContext } from '#server/context.ts'
import { usageRecords } from '#server/db/schema/index.ts'
import { callerOf } from '#server/lib/caller.ts'
import { conflict } from '#server/lib/errors.ts'
import { errorResponses } from '#server/lib/http.ts'
import { issueMonthlyInvoice, monthOf, monthStart } from '#server/modules/billing/invoicing.ts'
import { meterHour, startOfHour, startOfNextMonth } from '#server/modules/billing/metering.ts'
import { createRatesService } from '#server/modules/rates/service.ts'
import { requireMember } from '#server/plugins/auth.ts'

const meterRequestSchema = z.object({
  /** The hours to meter (any instant of each), as the hourly job would, at most a month of them. */
  hours: z.array(z.iso.datetime()).min(1).max(744),
})
const monthRequestSchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) })

/**
 * Development helpers for the billing jobs: run the metering job for chosen hours, read the
 * organization's raw usage records, and issue a month's invoice now. Never registered in
 * production; the browser tests drive the jobs through them rather than the wall clock.
 */
export default async function devBillingRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const rates = createRatesService({
    primaryUrl: ctx.config.ratesPrimaryUrl,
    backupUrl: ctx.config.ratesBackupUrl,
    log: app.log,
  })
  const tags = ['development']

  await api.register(async (scope) => {
    scope.addHook('preValidation', requireMember)
    const member = scope.withTypeProvider<ZodTypeProvider>()

    member.post('/api/dev/billing/meter', {
      schema: {
        tags,
        summary: 'Run the hourly metering job for the given hours (development only)',
        body: meterRequestSchema,
        response: { 200: z.object({ records: z.number().int() }), ...errorResponses(400, 401, 403) },
      },
      handler: async (request) => {
        let records = 0
        for (const hour of request.body.hours) records += await meterHour(ctx.db, startOfHour(new Date(hour)))
        return { records }
      },
    })

    member.get('/api/dev/billing/usage-records', {
      schema: {
        tags,
        summary: "The organization's usage records of a month (development only)",
        querystring: usageQuerySchema,
        response: {
          200: z.array(
            z.object({
              resourceKey: z.string(),
              hour: z.string(),
              kind: z.enum(USAGE_KINDS),
              amountMillicents: z.number().int(),
              chargeable: z.boolean(),
            }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
      handler: async (request) => {
        const month = request.query.month ?? monthOf(new Date())
        const start = monthStart(month)
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
    })

    member.post('/api/dev/billing/invoices', {
      schema: {
        tags,
        summary: "Issue the organization's invoice for a month now (development only)",
        body: monthRequestSchema,
        response: {
          201: z.object({ id: z.string(), number: z.string() }),
          ...errorResponses(400, 401, 403, 409),
        },
      },
      handler: async (request, reply) => {
        const invoice = await issueMonthlyInvoice(ctx.db, {
          organizationId: callerOf(request).organizationId,
          month: request.body.month,
          rates: (await rates.current()).rates,
          at: new Date(),
        })
        if (!invoice) throw conflict('This month has no usage to invoice, or its invoice exists.')
        return reply.status(201).send({ id: invoice.id, number: invoice.number })
      },
    })
  })
}
