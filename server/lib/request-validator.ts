import type { FastifySchemaCompiler } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { ZodType } from 'zod'

type Validation = { value: unknown } | { error: Error }

/**
 * fastify-type-provider-zod's validation, except for a query string that is empty or absent (the
 * pollers' GETs): its answer is the same every time, so it is computed once per route and copied
 * for each request. Only answers of plain values are kept this way, so no request shares an
 * object or array with another.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route) as (data: unknown) => Validation
  if (route.httpPart !== 'querystring') return validate
  let empty: Validation | undefined
  let reusable = false
  return (data: unknown) => {
    if (!isEmpty(data)) return validate(data)
    if (empty === undefined) {
      empty = validate({})
      reusable = 'value' in empty && hasOnlyPlainValues(empty.value)
    }
    if (!reusable) return validate(data)
    return { value: { ...(empty as { value: object }).value } }
  }
}

function isEmpty(data: unknown): boolean {
  if (data === undefined || data === null) return true
  if (typeof data !== 'object') return false
  for (const _ in data) return false
  return true
}

function hasOnlyPlainValues(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((item) => item === null || typeof item !== 'object')
  )
}
