import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'
import { ApiError } from '#web/lib/api-client.ts'

/**
 * Puts a refused request onto the form: the 400's `issues` (paths such as `body.email` or
 * `body.configuration.nodePools.0.name`) or a 409/422 whose code names one field go beside their
 * fields, the first taking the focus; anything else is the form's as a whole (`FormAlert`), in the
 * server's words or the form's own (`formMessage`). Returns whether a field got a message.
 */
export function applyServerErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  options: {
    /** API answers that concern one field without a validation issue: their code and the field. */
    fieldOfCode?: Partial<Record<string, FieldPath<Values> | (string & {})>>
    prefix?: string
    formMessage?: (error: unknown) => string
  } = {},
): boolean {
  const problems = serverFieldProblems(error, options)
  const known = problems.filter((problem) => form.getValues(problem.field as FieldPath<Values>) !== undefined)
  known.forEach((problem, index) => {
    form.setError(
      problem.field as FieldPath<Values>,
      { type: 'server', message: problem.message },
      { shouldFocus: index === 0 },
    )
  })
  if (known.length > 0) return true
  const message = options.formMessage?.(error) ?? (error instanceof Error ? error.message : String(error))
  form.setError('root.server', { type: 'server', message })
  return false
}

/** The field problems of a failed answer, each with its field's path in the form. */
export function serverFieldProblems(
  error: unknown,
  options: { fieldOfCode?: Partial<Record<string, string>>; prefix?: string } = {},
): { field: string; message: string }[] {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return []
  const { issues, code } = error.body as { issues?: unknown; code?: unknown }
  const problems: { field: string; message: string }[] = []
  if (Array.isArray(issues)) {
    for (const issue of issues as { path?: unknown; message?: unknown }[]) {
      if (typeof issue?.message !== 'string') continue
      const field = fieldOfPath(issue.path, options.prefix)
      if (field && !problems.some((problem) => problem.field === field))
        problems.push({ field, message: issue.message })
    }
  }
  const field = typeof code === 'string' ? options.fieldOfCode?.[code] : undefined
  if (field && error instanceof Error) problems.push({ field, message: error.message })
  return problems
}

/** `body.configuration.nodePools.0.name` → `nodePools.0.name` with the prefix `configuration`. */
function fieldOfPath(path: unknown, prefix: string | undefined): string | undefined {
  const parts = (Array.isArray(path) ? path.map(String) : String(path ?? '').split('.')).filter(Boolean)
  if (parts[0] === 'body') parts.shift()
  if (prefix) {
    const prefixParts = prefix.split('.')
    if (!prefixParts.every((part, index) => parts[index] === part)) return undefined
    parts.splice(0, prefixParts.length)
  }
  return parts.length > 0 ? parts.join('.') : undefined
}
