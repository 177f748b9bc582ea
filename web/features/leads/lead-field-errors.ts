import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { ApiError } from '#web/lib/api-client.ts'
import type { MessageKey } from '#web/lib/i18n-keys.ts'

/** One message per field, shown beside it. */
export type LeadFieldErrors = Partial<Record<string, string>>

export type LeadValidation<Output> =
  | { success: true; data: Output }
  | { success: false; errors: LeadFieldErrors }

/**
 * Checks a lead form with its shared schema and words each field's first problem in the page's
 * language. The schema's own messages are English (the API's); here they become translation keys
 * by the kind of problem, so a French visitor reads French beside the field.
 */
export function validateLeadForm<Schema extends z.ZodType>(
  schema: Schema,
  values: Record<string, string>,
  t: TFunction,
): LeadValidation<z.output<Schema>> {
  const result = schema.safeParse(values)
  if (result.success) return { success: true, data: result.data }
  const errors: LeadFieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '')
    if (field in values && errors[field] === undefined) errors[field] = translateIssue(issue, field, t)
  }
  return { success: false, errors }
}

/** Codes of API answers that concern one field of a lead form. */
const FIELD_OF_CODE: Record<string, { field: string; key: MessageKey }> = {
  SLOT_TAKEN: { field: 'slotStart', key: 'leads.errors.slotTaken' },
  SLOT_NOT_OFFERED: { field: 'slotStart', key: 'leads.errors.slotNotOffered' },
}

/**
 * The field errors in a failed answer: a 400's `issues` (paths such as `body.email`, in the API's
 * words) or a code naming a field. Anything else is the form's as a whole: see `leadFormError`.
 */
export function leadServerFieldErrors(
  error: unknown,
  fields: readonly string[],
  t: TFunction,
): LeadFieldErrors {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return {}
  const { issues, code } = error.body as { issues?: unknown; code?: unknown }
  const errors: LeadFieldErrors = {}
  if (Array.isArray(issues)) {
    for (const issue of issues as { path?: unknown; message?: unknown }[]) {
      const field = String(issue?.path ?? '')
        .replace(/^body\./, '')
        .split('.')[0]!
      if (fields.includes(field) && errors[field] === undefined && typeof issue.message === 'string')
        errors[field] = issue.message
    }
  }
  const fieldOfCode = typeof code === 'string' ? FIELD_OF_CODE[code] : undefined
  if (fieldOfCode && fields.includes(fieldOfCode.field)) errors[fieldOfCode.field] = t(fieldOfCode.key)
  return errors
}

/** The sentence for a failure that is no field's: too many attempts, or the service is away. */
export function leadFormError(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 429) return t('leads.errors.rateLimited')
  return t('leads.errors.failed')
}

function translateIssue(issue: z.core.$ZodIssue, field: string, t: TFunction): string {
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1
        ? t('leads.errors.required')
        : t('leads.errors.tooShort', { count: Number(issue.minimum) })
    case 'too_big':
      return t('leads.errors.tooLong', { count: Number(issue.maximum) })
    case 'invalid_value':
      return t('leads.errors.choose')
    case 'invalid_format':
      return t(FORMAT_KEYS[field] ?? 'leads.errors.singleLine')
    default:
      return issue.message
  }
}

/** Fields whose format is checked, and how their problem is worded. */
const FORMAT_KEYS: Record<string, MessageKey> = {
  email: 'leads.errors.email',
  phone: 'leads.errors.phone',
  slotStart: 'leads.errors.slot',
}
