import { isDeepStrictEqual } from 'node:util'
import fastJson from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { type ZodType, z } from 'zod'

type RouteSchema = Parameters<FastifySerializerCompiler<ZodType>>[0]

/**
 * How answers are written. The zod schemas stay the only source; in production each is turned
 * once into a fast-json-stringify function (zod's check of every answer cost more than the
 * route). Elsewhere every answer goes through both, and a difference between them is an error,
 * so the whole test suite proves the compiled writers say what zod says.
 */
export function responseSerializerCompiler(mode: 'compiled' | 'checked'): FastifySerializerCompiler<ZodType> {
  return (route: RouteSchema) => {
    const checked = zodSerializerCompiler(route)
    const compiled = compileFromZod(route.schema)
    if (mode === 'compiled') return compiled ?? checked
    if (!compiled) return checked
    return (data: unknown) => {
      const expected = checked(data)
      const actual = compiled(data)
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `The compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) wrote ${actual.slice(0, 500)} where zod wrote ${expected.slice(0, 500)}`,
        )
      }
      return expected
    }
  }
}

/** A fast-json-stringify writer from the zod schema's output JSON Schema; none if it cannot be expressed. */
function compileFromZod(schema: unknown): ((data: unknown) => string) | undefined {
  if (!(schema instanceof z.ZodType)) return undefined
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as (data: unknown) => string
  } catch {
    return undefined
  }
}
