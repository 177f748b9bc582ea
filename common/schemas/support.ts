import { z } from 'zod'
import { LANGUAGES } from '../language.ts'
import { CURRENCIES } from '../money.ts'
import { check } from '../validation-messages.ts'
import { emailSchema } from './auth.ts'
import { supportPlanSchema } from './catalog.ts'
import { TICKET_CATEGORIES } from './kinds.ts'
import { TICKET_STATUSES, type TicketStatus } from './statuses.ts'
import { TICKET_PRIORITIES } from './ticket-priorities.ts'

/*
 * The support desk: tickets of an organization or of a visitor, their messages and attachments,
 * and the response clocks of the organization's support plan (docs/decisions/018-support-desk.md).
 */

export { TICKET_CATEGORIES, type TicketCategory } from './kinds.ts'
/** P1 production down … P5 general question (their own module, which the catalog reads too). */
export { TICKET_PRIORITIES, type TicketPriority } from './ticket-priorities.ts'

/** What a ticket can be about: one of the organization's own resources. */
export const TICKET_RESOURCE_KINDS = ['cluster', 'installation', 'order', 'invoice'] as const
export type TicketResourceKind = (typeof TICKET_RESOURCE_KINDS)[number]
export const MESSAGE_AUTHOR_KINDS = ['customer', 'visitor', 'officer'] as const

/** A resolved ticket closes by itself after this many days without a reply. */
export const TICKET_AUTO_CLOSE_DAYS = 7
/** An officer sees a clock as "due soon" this long before it runs out. */
export const DUE_SOON_MINUTES = 60
export const MAX_ATTACHMENTS_PER_MESSAGE = 4
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
export const MAX_CC_ADDRESSES = 5
export const TICKET_SUBJECT_MAX = 150
export const TICKET_MESSAGE_MAX = 20_000
/** The file types an attachment may have, by the ending of its name; the content must agree. */
export const ATTACHMENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  txt: 'text/plain',
  log: 'text/plain',
} as const
export type AttachmentContentType = (typeof ATTACHMENT_TYPES)[keyof typeof ATTACHMENT_TYPES]
/** What the file picker offers. */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES)
  .map((extension) => `.${extension}`)
  .join(',')
/** A visitor, signed in nowhere, sends fewer and smaller files than a member (its body limit follows). */
export const VISITOR_MAX_ATTACHMENTS_PER_MESSAGE = 2
export const VISITOR_MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024
/** The most and the largest files one message may carry. */
export type AttachmentLimits = { count: number; bytes: number }
export const MEMBER_ATTACHMENT_LIMITS: AttachmentLimits = {
  count: MAX_ATTACHMENTS_PER_MESSAGE,
  bytes: MAX_ATTACHMENT_BYTES,
}
export const VISITOR_ATTACHMENT_LIMITS: AttachmentLimits = {
  count: VISITOR_MAX_ATTACHMENTS_PER_MESSAGE,
  bytes: VISITOR_MAX_ATTACHMENT_BYTES,
}
/** The length of a file of `bytes` in base64. */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4
/** The body of a request with the largest attachments allowed, base64 in JSON, and its text. */
const bodyLimitFor = (limits: AttachmentLimits) =>
  limits.count * (base64Length(limits.bytes) + 512) + 256 * 1024
export const SUPPORT_BODY_LIMIT_BYTES = bodyLimitFor(MEMBER_ATTACHMENT_LIMITS)
export const VISITOR_BODY_LIMIT_BYTES = bodyLimitFor(VISITOR_ATTACHMENT_LIMITS)
export const TICKET_NUMBER_PATTERN = /^TCK-\d{4}-\d{6}$/

const text = (maximum: number) =>
  z.string().trim().min(1, check('required')).max(maximum, check('tooLong', { maximum }))
const singleLine = (maximum: number) => text(maximum).regex(/^[^\p{Cc}]*$/u, check('singleLine'))

export const attachmentUploadSchema = z.object({
  fileName: singleLine(200).regex(/^[^/\\]+$/, check('invalidFormat')),
  /** The file's bytes, base64; the size and the type are checked from the decoded content. */
  contentBase64: z
    .string()
    .max(SUPPORT_BODY_LIMIT_BYTES)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, check('invalidFormat')),
})
const attachmentsSchemaFor = (limits: AttachmentLimits) =>
  z
    .array(attachmentUploadSchema)
    .max(limits.count, check('tooManyAttachments', { maximum: limits.count }))
    .default([])
const attachmentsSchema = attachmentsSchemaFor(MEMBER_ATTACHMENT_LIMITS)
const visitorAttachmentsSchema = attachmentsSchemaFor(VISITOR_ATTACHMENT_LIMITS)
export type AttachmentUpload = z.infer<typeof attachmentUploadSchema>

const messageBodySchema = text(TICKET_MESSAGE_MAX)

export const ticketResourceRefSchema = z.object({ kind: z.enum(TICKET_RESOURCE_KINDS), id: z.uuid() })
export type TicketResourceRef = z.infer<typeof ticketResourceRefSchema>

/** A ticket opened by a signed-in member of an organization. */
export const newTicketSchema = z.object({
  category: z.enum(TICKET_CATEGORIES, check('chooseOption')),
  priority: z.enum(TICKET_PRIORITIES, check('chooseOption')),
  subject: singleLine(TICKET_SUBJECT_MAX),
  description: messageBodySchema,
  resource: ticketResourceRefSchema.nullable().default(null),
  cc: z
    .array(emailSchema)
    .max(MAX_CC_ADDRESSES, check('tooManyAddresses', { maximum: MAX_CC_ADDRESSES }))
    .default([]),
  attachments: attachmentsSchema,
})
export type NewTicket = z.infer<typeof newTicketSchema>
export type NewTicketInput = z.input<typeof newTicketSchema>

/** A ticket sent from the public site by a visitor; `website` is a field people never see. */
export const publicTicketSchema = z.object({
  name: singleLine(100),
  email: emailSchema,
  company: z
    .string()
    .trim()
    .max(120)
    .regex(/^[^\p{Cc}]*$/u, check('singleLine'))
    .default(''),
  category: z.enum(TICKET_CATEGORIES, check('chooseOption')),
  subject: singleLine(TICKET_SUBJECT_MAX),
  description: messageBodySchema,
  attachments: visitorAttachmentsSchema,
  language: z.enum(LANGUAGES).default('en'),
  website: z.string().max(200).default(''),
})
export type PublicTicket = z.infer<typeof publicTicketSchema>
export type PublicTicketInput = z.input<typeof publicTicketSchema>

export const trackTicketSchema = z.object({
  number: z.string().trim().toUpperCase().regex(TICKET_NUMBER_PATTERN, check('ticketNumber')),
  email: emailSchema,
  /** The page's language; the ticket's own when absent. */
  language: z.enum(LANGUAGES).optional(),
})
export type TrackTicketInput = z.input<typeof trackTicketSchema>

export const replySchema = z.object({ body: messageBodySchema, attachments: attachmentsSchema })
export type ReplyInput = z.input<typeof replySchema>
export const visitorReplySchema = z.object({
  body: messageBodySchema,
  attachments: visitorAttachmentsSchema,
})
export const publicReplySchema = visitorReplySchema.extend({ token: z.string().min(1).max(200) })
export const trackingTokenQuerySchema = z.object({ token: z.string().min(1).max(200) })

export const officerReplySchema = replySchema.extend({
  /** An internal note: officers only, never shown or mailed to the customer. */
  internal: z.boolean().default(false),
  /** The state the ticket takes with a public reply. */
  status: z.enum(['open', 'waiting_on_customer', 'resolved']).default('waiting_on_customer'),
})
export type OfficerReplyInput = z.input<typeof officerReplySchema>

export const officerTicketUpdateSchema = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    assigneeId: z.uuid().nullable().optional(),
  })
  .refine((update) => Object.keys(update).length > 0, {
    error: 'Change the state, the priority or the assignee',
  })
export type OfficerTicketUpdate = z.infer<typeof officerTicketUpdateSchema>

export const ratingSchema = z.object({
  score: z
    .number()
    .int()
    .min(1, check('atLeast', { minimum: 1 }))
    .max(5, check('atMost', { maximum: 5 })),
  comment: z
    .string()
    .trim()
    .max(2_000, check('tooLong', { maximum: 2_000 }))
    .default(''),
})
export type RatingInput = z.input<typeof ratingSchema>

export const ticketListQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
})
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>

export const officerTicketQuerySchema = ticketListQuerySchema.extend({
  planId: z.string().max(40).optional(),
  clock: z.enum(['breached', 'due_soon']).optional(),
  assignee: z.enum(['me', 'nobody']).optional(),
})
export type OfficerTicketQuery = z.infer<typeof officerTicketQuerySchema>

const timestamp = z.iso.datetime({ offset: true })

export const CLOCK_STATES = ['running', 'paused', 'met', 'breached', 'idle', 'stopped'] as const
export const slaClockSchema = z.object({
  /** The target, in minutes of the plan's coverage (business hours or around the clock). */
  targetMinutes: z.number().int(),
  state: z.enum(CLOCK_STATES),
  dueAt: timestamp.nullable(),
  metAt: timestamp.nullable(),
  /** While paused: what is left of the target, in minutes of coverage. */
  remainingMinutes: z.number().int().nullable(),
})
export type SlaClock = z.infer<typeof slaClockSchema>

export const ticketResourceSchema = ticketResourceRefSchema.extend({ label: z.string() })
export type TicketResource = z.infer<typeof ticketResourceSchema>

export const ticketSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  subject: z.string(),
  resource: ticketResourceSchema.nullable(),
  requesterName: z.string(),
  /** Null for a visitor's ticket. */
  organizationName: z.string().nullable(),
  plan: z.object({ id: z.string(), name: z.string(), coverage: z.enum(['business_hours', '24x7']) }),
  assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  clocks: z.object({ firstResponse: slaClockSchema, nextResponse: slaClockSchema }),
  createdAt: timestamp,
  updatedAt: timestamp,
})
export type TicketSummary = z.infer<typeof ticketSummarySchema>

export const ticketAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
})
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  authorKind: z.enum(MESSAGE_AUTHOR_KINDS),
  authorName: z.string(),
  body: z.string(),
  internal: z.boolean(),
  via: z.enum(['web', 'email']),
  attachments: z.array(ticketAttachmentSchema),
  createdAt: timestamp,
})
export type TicketMessage = z.infer<typeof ticketMessageSchema>

export const ticketSchema = ticketSummarySchema.extend({
  requesterEmail: z.string(),
  company: z.string().nullable(),
  cc: z.array(z.string()),
  messages: z.array(ticketMessageSchema),
  rating: z.object({ score: z.number().int(), comment: z.string() }).nullable(),
  resolvedAt: timestamp.nullable(),
})
export type Ticket = z.infer<typeof ticketSchema>

export const ticketListSchema = z.object({ items: z.array(ticketSummarySchema) })

/** The support hub: the organization's plan, the plans above it, its open tickets. */
export const supportOverviewSchema = z.object({
  plan: supportPlanSchema,
  higherPlans: z.array(supportPlanSchema),
  openTickets: z.array(ticketSummarySchema),
})
export type SupportOverview = z.infer<typeof supportOverviewSchema>

/** What a visitor reads: no internal notes, no officers' names beyond the first one. */
export const ticketReceiptSchema = z.object({ message: z.string() })

/** An organization's move to a higher support plan (an order, paid in `currency`). */
export const supportPlanUpgradeSchema = z.object({
  planId: z.string().min(1).max(40),
  currency: z.enum(CURRENCIES),
})

/** The answers officers reuse, by id; the text is in their language files. */
export const CANNED_REPLIES = ['need_details', 'investigating', 'fixed', 'billing_corrected'] as const

export { TICKET_STATUSES, type TicketStatus }
