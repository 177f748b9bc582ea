import { z } from 'zod'
import { devLoginRequestSchema, userSchema } from '../schemas/auth.ts'
import { USAGE_KINDS, usageQuerySchema } from '../schemas/billing.ts'
import { TICKET_NUMBER_PATTERN, ticketReceiptSchema } from '../schemas/support.ts'
import { defineEndpoints } from './endpoint.ts'

/** Left out of the document, on a loopback host outside production only. */
const helper = { audience: 'development', internal: true } as const
/**
 * The billing jobs' helpers act for the caller's organization: the server checks an active member
 * (401, 403) besides the development host.
 */
const asMember = { ...helper, errors: [401, 403] } as const

const outboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
})
const meterRequestSchema = z.object({
  /** The hours to meter (any instant of each), as the hourly job would, at most a month of them. */
  hours: z.array(z.iso.datetime()).min(1).max(744),
})
const usageRecordSchema = z.object({
  resourceKey: z.string(),
  hour: z.string(),
  kind: z.enum(USAGE_KINDS),
  amountMillicents: z.number().int(),
  chargeable: z.boolean(),
})
const monthRequestSchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) })

/**
 * Development helpers: the sign-in without a password, the outbox of every mail, and the jobs a
 * browser test drives rather than waiting for the clock. Never registered in production.
 */
export const development = defineEndpoints('development', {
  signIn: {
    ...helper,
    method: 'POST',
    path: '/api/dev-login',
    summary: 'Sign in as a demo user without a password (development only)',
    description: 'Only the demo accounts of the README; any other username answers 404.',
    body: devLoginRequestSchema,
    responses: { 200: userSchema },
    errors: [404],
    changes: ['session'],
  },
  mailbox: {
    ...helper,
    method: 'GET',
    path: '/api/dev/mailbox',
    summary: 'The latest mails kept in the outbox (development only)',
    responses: { 200: z.array(outboxMailSchema) },
  },
  meter: {
    ...asMember,
    method: 'POST',
    path: '/api/dev/billing/meter',
    summary: 'Run the hourly metering job for the given hours (development only)',
    body: meterRequestSchema,
    responses: { 200: z.object({ records: z.number().int() }) },
    changes: ['usage', 'billing'],
  },
  usageRecords: {
    ...asMember,
    method: 'GET',
    path: '/api/dev/billing/usage-records',
    summary: "The organization's usage records of a month (development only)",
    query: usageQuerySchema,
    responses: { 200: z.array(usageRecordSchema) },
    reads: ['usage'],
  },
  issueInvoice: {
    ...asMember,
    method: 'POST',
    path: '/api/dev/billing/invoices',
    summary: "Issue the organization's invoice for a month now (development only)",
    body: monthRequestSchema,
    responses: { 201: z.object({ id: z.string(), number: z.string() }) },
    errors: [401, 403, 409],
    changes: ['invoices', 'billing'],
  },
  expireTrackingLink: {
    ...helper,
    method: 'POST',
    path: '/api/dev/support/expire-tracking-link',
    summary: "Let a visitor ticket's tracking link expire now (development only)",
    body: z.object({ number: z.string().regex(TICKET_NUMBER_PATTERN) }),
    responses: { 200: ticketReceiptSchema },
    errors: [404],
    changes: ['tickets'],
  },
})
