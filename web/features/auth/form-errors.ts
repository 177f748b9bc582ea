import type { z } from 'zod'
import { ApiError } from '#web/lib/api-client.ts'

/** One message per field of a form, shown beside the field. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

export type Validation<Output, Field extends string> =
  | { success: true; data: Output }
  | { success: false; errors: FieldErrors<Field> }

/** Checks a form's values with the shared schema (the same one the server uses). */
export function validateForm<Schema extends z.ZodType, Field extends string>(
  schema: Schema,
  values: Record<Field, string>,
): Validation<z.output<Schema>, Field> {
  const result = schema.safeParse(values)
  if (result.success) return { success: true, data: result.data }
  const fields = Object.keys(values) as Field[]
  return { success: false, errors: firstMessagePerField(result.error.issues, fields) }
}

/** Server answers that concern one field without a validation issue (DESIGN.md §6 codes). */
const FIELD_OF_CODE: Record<string, string> = {
  EMAIL_TAKEN: 'email',
  USERNAME_TAKEN: 'username',
  PASSWORD_TOO_COMMON: 'password',
  INVALID_MFA_CODE: 'code',
}

/**
 * The field errors in a failed API answer: the 400's `issues` (paths such as `body.email`), or a
 * 409/422 whose code names one field. Anything else belongs to the form as a whole.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): FieldErrors<Field> {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return {}
  const { issues, code } = error.body as { issues?: unknown; code?: unknown }
  if (Array.isArray(issues)) {
    const parsed = issues.flatMap((issue) => {
      if (!issue || typeof issue !== 'object') return []
      const { path, message } = issue as { path?: unknown; message?: unknown }
      if (typeof message !== 'string') return []
      const segments = Array.isArray(path) ? path.map(String) : String(path ?? '').split('.')
      return [{ path: segments[0] === 'body' ? segments.slice(1) : segments, message }]
    })
    return firstMessagePerField(parsed, fields)
  }
  const field = typeof code === 'string' ? FIELD_OF_CODE[code] : undefined
  if (field && (fields as readonly string[]).includes(field)) {
    return { [field]: error.message } as FieldErrors<Field>
  }
  return {}
}

function firstMessagePerField<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {}
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as Field
    if (fields.includes(field) && errors[field] === undefined) errors[field] = issue.message
  }
  return errors
}

/**
 * A mailed link that cannot be used: the server refuses its token (`INVALID_TOKEN`) or the token
 * is not even well formed. Other failures (rate limits, outages) are not the link's fault.
 */
export function isInvalidLink(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false
  const { code, issues } = (error.body ?? {}) as { code?: unknown; issues?: unknown }
  if (code === 'INVALID_TOKEN') return true
  return (
    Array.isArray(issues) &&
    issues.some((issue) => String((issue as { path?: unknown } | null)?.path ?? '') === 'body.token')
  )
}

/** The server's sentence for a refused token; the screen's own wording for a malformed one. */
export function invalidLinkMessage(error: unknown, fallback: string): string {
  const code = error instanceof ApiError ? (error.body as { code?: unknown } | undefined)?.code : undefined
  return code === 'INVALID_TOKEN' && error instanceof Error ? error.message : fallback
}
