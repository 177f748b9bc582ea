import fc from 'fast-check'
import type { FuzzHints, FuzzRequest, JsonSchema, Operation } from './fuzz.ts'

/* Requests of the fuzzer as parts (path, query, headers, body), valid values from the schemas, and where a mutation lands. */

export const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

// ── Requests as parts, mutated, then rendered ──────────────────────────────────────────────────

export type Parts = {
  method: string
  /** Path parameter values, not yet encoded; `rawPath` holds ones sent exactly as given. */
  path: Record<string, string>
  rawPath: Record<string, string>
  query: [string, string][]
  /** Appended to the query string as is (malformed escapes, odd syntax). */
  rawQuery: string
  body: { value: unknown } | { text: string } | undefined
  contentType: string | undefined
  headers: Record<string, string>
  labels: string[]
}

export type Mutation = (parts: Parts) => Parts

/** A JSON token written as is into the body, for numbers JSON.stringify cannot write (1e999). */
export class RawJson {
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
}

export function render(operation: Operation, kind: FuzzRequest['kind'], parts: Parts): FuzzRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    name in parts.rawPath ? parts.rawPath[name]! : percentEncoded(parts.path[name] ?? ''),
  )
  const query = [
    ...parts.query.map(([name, value]) => `${percentEncoded(name)}=${percentEncoded(value)}`),
    ...(parts.rawQuery ? [parts.rawQuery] : []),
  ].join('&')
  const headers = { ...parts.headers }
  let payload: string | undefined
  if (parts.body !== undefined) {
    payload = 'text' in parts.body ? parts.body.text : serialize(parts.body.value)
    if (parts.contentType !== undefined) headers['content-type'] = parts.contentType
  }
  return {
    operation,
    kind,
    label: parts.labels.join('; ') || 'as documented',
    method: parts.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload === undefined ? {} : { payload }),
  }
}

export function serialize(value: unknown): string {
  const raw: string[] = []
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item
    raw.push(item.text)
    return `__raw_json_${raw.length - 1}__`
  })
  if (text === undefined) return ''
  return text.replace(/"__raw_json_(\d+)__"/g, (_match, index: string) => raw[Number(index)]!)
}

/** Percent-encodes any string for a URL; a lone surrogate becomes U+FFFD (encodeURIComponent throws on it). */
function percentEncoded(value: string): string {
  return encodeURIComponent(value.toWellFormed())
}

// ── Valid requests ──────────────────────────────────────────────────────────────────────────────

export function validParts(operation: Operation, hints: FuzzHints): fc.Arbitrary<Parts> {
  const pathValues = fc.record(
    Object.fromEntries(
      operation.pathParameters.map((parameter) => [
        parameter.name,
        valuesFor(parameter.schema, parameter.name, hints).map(String),
      ]),
    ),
  )
  const queryValues = fc.tuple(
    ...operation.queryParameters.map((parameter) =>
      (parameter.required
        ? valuesFor(parameter.schema, parameter.name, hints).map((value) => [value])
        : fc
            .option(valuesFor(parameter.schema, parameter.name, hints), { nil: undefined })
            .map((value) => (value === undefined ? [] : [value]))
      ).map((values) => values.map((value): [string, string] => [parameter.name, String(value)])),
    ),
  )
  const body = operation.body
    ? valuesFor(operation.body, 'body', hints).map((value) => ({ value }))
    : fc.constant(undefined)
  const stateChanging = operation.method !== 'GET'
  return fc.tuple(pathValues, queryValues, body).map(([path, query, bodyValue]) => ({
    method: operation.method,
    path: path as Record<string, string>,
    rawPath: {},
    query: query.flat(),
    rawQuery: '',
    body: bodyValue,
    contentType: bodyValue === undefined ? undefined : 'application/json',
    headers: stateChanging ? { origin: hints.origin } : ({} as Record<string, string>),
    labels: [],
  }))
}

/** Values the schema accepts (string formats and patterns included), mixed with the known good ones. */
function valuesFor(schema: JsonSchema, name: string, hints: FuzzHints): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valuesFor(alternative, name, hints)))
  if ('const' in schema) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const value = valuesOfType(schema, name, hints)
  return schema.nullable ? fc.option(value, { nil: null, freq: 10 }) : value
}

function valuesOfType(schema: JsonSchema, name: string, hints: FuzzHints): fc.Arbitrary<unknown> {
  switch (typeOf(schema)) {
    case 'string':
      return stringOf(schema, name, hints)
    case 'integer':
      return fc.integer({ min: lowerBound(schema) ?? -1_000_000, max: upperBound(schema) ?? 1_000_000 })
    case 'number':
      return fc.double({
        min: lowerBound(schema) ?? -1e9,
        max: upperBound(schema) ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(valuesFor(schema.items ?? {}, name, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 5, 5)),
      })
    case 'object':
      return objectOf(schema, hints)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function objectOf(schema: JsonSchema, hints: FuzzHints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, property]) => [key, valuesFor(property, key, hints)]),
    ),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  )
}

function stringOf(schema: JsonSchema, name: string, hints: FuzzHints): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0
  const max = schema.maxLength ?? Math.max(min, 64)
  const fits = (value: string) => value.length >= min && value.length <= max
  let generic: fc.Arbitrary<string>
  if (schema.format === 'uuid')
    generic = hints.ids.length > 0 ? fc.oneof(fc.constantFrom(...hints.ids), fc.uuid()) : fc.uuid()
  else if (schema.format === 'email' || name === 'email') generic = emailAddress().filter(fits)
  else if (schema.pattern) generic = fc.stringMatching(new RegExp(schema.pattern)).filter(fits)
  else generic = fc.string({ minLength: min, maxLength: Math.min(max, min + 40), unit: 'grapheme' })
  const known = (hints.values[name] ?? []).filter(fits)
  return known.length > 0 ? fc.oneof(fc.constantFrom(...known), generic) : generic
}

/** RFC 5322 addresses, many of which the API's stricter check refuses, mixed with everyday ones. */
function emailAddress(): fc.Arbitrary<string> {
  const everyday = fc
    .tuple(
      fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/),
      fc.constantFrom('example.com', 'clusterdeck.eu', 'mail.example.org'),
    )
    .map(([local, domain]) => `${local}@${domain}`)
  return fc.oneof(everyday, fc.emailAddress())
}

export function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') ?? 'null'
  if (schema.type) return schema.type
  if (schema.properties) return 'object'
  return undefined
}

export function lowerBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1
  return schema.minimum
}

export function upperBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - 1
  return schema.maximum
}

// ── Where a mutation lands ──────────────────────────────────────────────────────────────────────

export type Field = { in: 'path' | 'query' | 'body'; name: string; schema: JsonSchema; required: boolean }

/** The fields a request of the operation carries: path and query parameters, body properties. */
export function fieldsOf(operation: Operation): Field[] {
  const bodyProperties = operation.body?.properties ?? {}
  return [
    ...operation.pathParameters.map((parameter): Field => ({ in: 'path', ...parameter })),
    ...operation.queryParameters.map((parameter): Field => ({ in: 'query', ...parameter })),
    ...Object.entries(bodyProperties).map(
      ([name, schema]): Field => ({
        in: 'body',
        name,
        schema,
        required: operation.body?.required?.includes(name) ?? false,
      }),
    ),
  ]
}

/** Sets one field to a value (a string for path and query; `undefined` removes it). */
export function withField(parts: Parts, field: Field, value: unknown, label: string): Parts {
  const labels = [...parts.labels, `${field.in}.${field.name} ${label}`]
  if (field.in === 'path') {
    const text = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
    return { ...parts, path: { ...parts.path, [field.name]: text }, labels }
  }
  if (field.in === 'query') {
    const query = parts.query.filter(([name]) => name !== field.name)
    if (value !== undefined)
      query.push([field.name, typeof value === 'string' ? value : JSON.stringify(value)])
    return { ...parts, query, labels }
  }
  const current = parts.body && 'value' in parts.body ? parts.body.value : {}
  const object = isPlainObject(current) ? { ...current } : {}
  if (value === undefined) delete object[field.name]
  else object[field.name] = value
  return {
    ...parts,
    body: { value: object },
    contentType: parts.contentType ?? 'application/json',
    labels,
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A mutation on one field of the operation, or `fallback` when it has none. */
export function onSomeField(
  operation: Operation,
  build: (field: Field) => fc.Arbitrary<Mutation>,
  fallback: fc.Arbitrary<Mutation>,
): fc.Arbitrary<Mutation> {
  const fields = fieldsOf(operation)
  return fields.length === 0 ? fallback : fc.constantFrom(...fields).chain(build)
}

export const unchanged: fc.Arbitrary<Mutation> = fc.constant((parts: Parts) => parts)
