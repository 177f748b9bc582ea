import { z } from 'zod'
import { LANGUAGES, type Language } from '../language.ts'
import { check } from '../validation-messages.ts'
import { emailSchema, tokenSchema } from './auth.ts'

/*
 * The lead forms of the public site (contact sales, custom quote, schedule a demo, workload
 * migration, contact, newsletter). The web app checks a form with the same schema the server
 * applies, so a form never sends what the API would refuse.
 */

/** The languages a confirmation mail can be written in: the one the visitor used the site in. */
export const LEAD_LANGUAGES = LANGUAGES
export type LeadLanguage = Language

export const LEAD_KINDS = [
  'contact_sales',
  'custom_quote',
  'schedule_demo',
  'workload_migration',
  'contact',
] as const
export type LeadKind = (typeof LEAD_KINDS)[number]

export const COMPANY_SIZES = ['1-10', '11-50', '51-250', '251-1000', '1000+'] as const
/** The seven cluster types (catalog ids), or no preference yet. */
export const QUOTE_CLUSTER_TYPES = [
  'blue',
  'red',
  'green',
  'data',
  'ai',
  'orange',
  'sandbox',
  'not_sure',
] as const
export const NODE_COUNT_RANGES = ['1-5', '6-20', '21-50', '51-200', '200+'] as const
export const MIGRATION_SOURCES = [
  'aws_eks',
  'azure_aks',
  'google_gke',
  'openshift',
  'self_managed_kubernetes',
  'virtual_machines',
  'other',
] as const
export const WORKLOAD_COUNT_RANGES = ['1-10', '11-50', '51-200', '200+'] as const
export const CONTACT_TOPICS = ['general', 'partnership', 'press', 'careers', 'other'] as const

export const LEAD_NAME_MAX = 100
export const LEAD_COMPANY_MAX = 120
export const LEAD_PHONE_MAX = 40
export const LEAD_MESSAGE_MIN = 10
export const LEAD_MESSAGE_MAX = 5000

const languageSchema = z.enum(LEAD_LANGUAGES).default('en')
/** Names end up in mail subjects: one line, no control characters. */
const singleLine = (schema: z.ZodString) => schema.regex(/^[^\p{Cc}]*$/u, check('singleLine'))
const nameSchema = singleLine(
  z
    .string()
    .trim()
    .min(1, check('nameRequired'))
    .max(LEAD_NAME_MAX, check('tooLong', { maximum: LEAD_NAME_MAX })),
)
const companySchema = singleLine(
  z
    .string()
    .trim()
    .min(1, check('companyNameRequired'))
    .max(LEAD_COMPANY_MAX, check('tooLong', { maximum: LEAD_COMPANY_MAX })),
)
/** Optional: an empty field is allowed; digits, spaces and + ( ) . - only. */
const phoneSchema = z
  .string()
  .trim()
  .max(LEAD_PHONE_MAX, check('tooLong', { maximum: LEAD_PHONE_MAX }))
  .regex(/^[+\d\s().-]*$/, check('phone'))
  .default('')
const messageSchema = z
  .string()
  .trim()
  .min(LEAD_MESSAGE_MIN, check('messageTooShort', { minimum: LEAD_MESSAGE_MIN }))
  .max(LEAD_MESSAGE_MAX)
const optionalMessageSchema = z.string().trim().max(LEAD_MESSAGE_MAX).default('')
const choice = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values, check('chooseOption'))

export const contactSalesRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  company: companySchema,
  phone: phoneSchema,
  companySize: choice(COMPANY_SIZES),
  message: messageSchema,
  language: languageSchema,
})
export type ContactSalesRequest = z.infer<typeof contactSalesRequestSchema>

export const customQuoteRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  company: companySchema,
  phone: phoneSchema,
  clusterType: choice(QUOTE_CLUSTER_TYPES),
  nodeCount: choice(NODE_COUNT_RANGES),
  message: messageSchema,
  language: languageSchema,
})
export type CustomQuoteRequest = z.infer<typeof customQuoteRequestSchema>

export const demoBookingRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  company: companySchema,
  /** The start of one of the slots GET /api/leads/demo-slots offers. */
  slotStart: z.iso.datetime({ offset: true, ...check('demoSlotRequired') }),
  message: optionalMessageSchema,
  language: languageSchema,
})
export type DemoBookingRequest = z.infer<typeof demoBookingRequestSchema>

export const workloadMigrationRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  company: companySchema,
  currentPlatform: choice(MIGRATION_SOURCES),
  workloadCount: choice(WORKLOAD_COUNT_RANGES),
  message: messageSchema,
  language: languageSchema,
})
export type WorkloadMigrationRequest = z.infer<typeof workloadMigrationRequestSchema>

export const contactRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  topic: choice(CONTACT_TOPICS),
  message: messageSchema,
  language: languageSchema,
})
export type ContactRequest = z.infer<typeof contactRequestSchema>

export const newsletterSubscribeRequestSchema = z.object({ email: emailSchema, language: languageSchema })
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequestSchema>

export const newsletterConfirmRequestSchema = z.object({ token: tokenSchema })

/** What a submitted lead form gets back: the lead's id and a sentence to show. */
export const leadReceiptSchema = z.object({ id: z.uuid(), message: z.string() })
export type LeadReceipt = z.infer<typeof leadReceiptSchema>

export const demoBookingReceiptSchema = leadReceiptSchema.extend({ slotStart: z.iso.datetime() })
export type DemoBookingReceipt = z.infer<typeof demoBookingReceiptSchema>

export const demoSlotSchema = z.object({ start: z.iso.datetime(), end: z.iso.datetime() })
export type DemoSlot = z.infer<typeof demoSlotSchema>

export const demoSlotsResponseSchema = z.object({
  /** The slots are whole half-hours of this zone's business hours (09:00–17:00). */
  timeZone: z.string(),
  slotMinutes: z.number().int().positive(),
  slots: z.array(demoSlotSchema),
})
export type DemoSlotsResponse = z.infer<typeof demoSlotsResponseSchema>

export const newsletterConfirmResponseSchema = z.object({
  /** `already_confirmed` when the link was used before: the subscription stands either way. */
  status: z.enum(['confirmed', 'already_confirmed']),
  message: z.string(),
})
export type NewsletterConfirmResponse = z.infer<typeof newsletterConfirmResponseSchema>
