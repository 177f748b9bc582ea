import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { requestValidatorCompiler } from './request-validator.ts'

function compile(schema: z.ZodType, httpPart = 'querystring') {
  return requestValidatorCompiler({
    schema,
    httpPart,
    method: 'GET',
    url: '/x',
  } as FastifyRouteSchemaDef<z.ZodType>) as (data: unknown) => { value?: unknown; error?: unknown }
}

describe('requestValidatorCompiler', () => {
  const query = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) })

  it('gives an empty query string its defaults, in a new object each time', () => {
    const validate = compile(query)
    const first = validate({})
    const second = validate(Object.create(null))
    expect(first).toEqual({ value: { limit: 100 } })
    expect(second).toEqual({ value: { limit: 100 } })
    expect(first.value).not.toBe(second.value)
    ;(first.value as { limit: number }).limit = 7
    expect(validate({})).toEqual({ value: { limit: 100 } })
  })

  it('validates a query string that says something', () => {
    const validate = compile(query)
    expect(validate({ limit: '20' })).toEqual({ value: { limit: 20 } })
    expect(validate({ limit: '0' }).error).toBeDefined()
  })

  it('refuses an empty query string each time when the schema needs something', () => {
    const validate = compile(z.object({ q: z.string() }))
    expect(validate({}).error).toBeDefined()
    expect(validate({}).error).toBeDefined()
  })

  it('validates every time when a default is an object or an array, which requests must not share', () => {
    const validate = compile(z.object({ tags: z.array(z.string()).default([]) }))
    const first = validate({}).value as { tags: string[] }
    first.tags.push('changed')
    expect(validate({})).toEqual({ value: { tags: [] } })
  })

  it('leaves the other parts of a request to zod as they are', () => {
    const validate = compile(z.object({ name: z.string().default('x') }), 'body')
    expect(validate({})).toEqual({ value: { name: 'x' } })
    expect(validate({ name: 3 }).error).toBeDefined()
  })
})
