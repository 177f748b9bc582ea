import { z } from 'zod'
import { check } from '../validation-messages.ts'

/** Requests under the GDPR: a person's export of their data, or the erasure of their account. */

export const GDPR_KINDS = ['export', 'erasure'] as const
export const GDPR_STATUSES = ['pending', 'ready', 'approved', 'refused', 'expired'] as const
export type GdprStatus = (typeof GDPR_STATUSES)[number]
/** How long an export stays downloadable. */
export const EXPORT_VALID_DAYS = 7
/** The controller answers within a month, extendable by two more with a notice (GDPR art. 12(3)). */
export const ERASURE_EXTENSION_MONTHS = 2

export const gdprRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(GDPR_KINDS),
  status: z.enum(GDPR_STATUSES),
  deadlineAt: z.iso.datetime(),
  reason: z.string().nullable(),
  archiveExpiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
})
export type GdprRequest = z.infer<typeof gdprRequestSchema>

/** What an erasure removes, what it anonymises and what the law makes us keep. */
export const erasurePreviewSchema = z.object({
  deleted: z.object({
    sessions: z.number().int(),
    passkeys: z.number().int(),
    apiTokens: z.number().int(),
    notifications: z.number().int(),
  }),
  anonymised: z.object({ profile: z.boolean(), tickets: z.number().int(), messages: z.number().int() }),
  kept: z.object({ invoices: z.number().int(), orders: z.number().int(), auditEntries: z.number().int() }),
  unpaidInvoices: z.number().int(),
})
export type ErasurePreview = z.infer<typeof erasurePreviewSchema>

export const officerGdprRequestSchema = gdprRequestSchema.extend({
  name: z.string(),
  email: z.string(),
  organizationName: z.string(),
  extended: z.boolean(),
  preview: erasurePreviewSchema,
})
export type OfficerGdprRequest = z.infer<typeof officerGdprRequestSchema>

export const gdprDecisionSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, check('required'))
    .max(2_000, check('tooLong', { maximum: 2_000 })),
})
export const erasureRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(2_000, check('tooLong', { maximum: 2_000 }))
    .nullable()
    .default(null),
})
