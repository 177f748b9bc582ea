import fc from 'fast-check'
import type { FuzzHints, Operation } from './fuzz.ts'
import {
  type Field,
  fieldsOf,
  isPlainObject,
  lowerBound,
  METHODS_WITH_BODY,
  type Mutation,
  onSomeField,
  type Parts,
  RawJson,
  serialize,
  typeOf,
  unchanged,
  upperBound,
  withField,
} from './fuzz-parts.ts'

/* Boundary values and hostile mutations of fuzzed requests. */

// ── Boundary values ─────────────────────────────────────────────────────────────────────────────

export function boundaryMutation(operation: Operation, hints: FuzzHints): fc.Arbitrary<Mutation> {
  const optionalFields = fieldsOf(operation).filter((field) => !field.required && field.in !== 'path')
  const withoutOptionals: Mutation = (parts) =>
    optionalFields.reduce((current, field) => withField(current, field, undefined, 'omitted'), parts)
  return fc.oneof(
    { weight: 4, arbitrary: onSomeField(operation, (field) => boundaryValue(field, hints), unchanged) },
    { weight: 1, arbitrary: fc.constant(withoutOptionals) },
  )
}

function boundaryValue(field: Field, hints: FuzzHints): fc.Arbitrary<Mutation> {
  const schema = field.schema
  const values: unknown[] = []
  switch (typeOf(schema)) {
    case 'string': {
      const min = schema.minLength ?? 0
      const max = schema.maxLength ?? 256
      values.push(
        '',
        ' ',
        ' '.repeat(Math.max(min, 1)),
        'a'.repeat(min),
        'a'.repeat(max),
        'a'.repeat(max + 1),
      )
      if (min > 0) values.push('a'.repeat(min - 1))
      if (schema.format === 'uuid')
        values.push(
          '00000000-0000-0000-0000-000000000000',
          'ffffffff-ffff-ffff-ffff-ffffffffffff',
          ...hints.ids.map((id) => id.toUpperCase()),
        )
      break
    }
    case 'integer':
    case 'number': {
      const min = lowerBound(schema) ?? 0
      const max = upperBound(schema) ?? 1_000_000
      values.push(min, max, min - 1, max + 1, 0, -1, min + 0.5, Number.MAX_SAFE_INTEGER)
      break
    }
    case 'array':
      values.push(
        [],
        Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => ''),
      )
      break
    default:
      values.push(null, {}, '', 0, false)
  }
  return fc
    .constantFrom(...values)
    .map((value) => (parts: Parts) => withField(parts, field, value, `= ${shown(value)}`))
}

// ── Hostile requests ────────────────────────────────────────────────────────────────────────────

const SQL_AND_MARKUP = [
  "' OR '1'='1' --",
  "demo'--",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)',
  "' UNION SELECT id, email, password_hash FROM users --",
  '$1',
  '<script>alert(document.cookie)</script>',
  '"><img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, sent as text
  '${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\r\nSet-Cookie: injected=1',
]

const ODD_UNICODE = [
  'nul\u0000byte',
  '\ud800 lone high surrogate',
  'lone low surrogate \udc00',
  '\u202eevil\u200b\u200d\ufeff',
  '𝕳𝖊𝖑𝖑𝖔 🚀👩🏽‍💻 Ωμέγα ñandú 中文 العربية',
  'e\u0301\u0301\u0301\u0301\u0301',
  '\u0007\u001b[31mred\u001b[0m',
  '\uffff\ufffe',
]

const HUGE_NUMBERS = [
  '1e999',
  '-1e999',
  '1e308',
  '9007199254740993',
  '123456789012345678901234567890',
  '-0',
  '1e-400',
]

const BAD_JSON = [
  '{',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  'undefined',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '[',
  'nul',
  '{"a":"\\x"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"role":"super_admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '[]',
  '"just a string"',
  '42',
  'null',
  'true',
  '{}',
]

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/html',
  'nonsense',
  '',
]

const BAD_PATH_VALUES = [
  'not-a-uuid',
  '123',
  '%E0%A4%A',
  '%',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%92%A5',
  'x'.repeat(300),
  '00000000-0000-0000-0000-00000000000g',
  "1'%20OR%20'1'='1",
]

const BAD_QUERY_STRINGS = [
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'a[]=1&a[]=2',
  'limit=1&limit=2',
  'limit[]=1',
  'token=%E0%A4%A',
  'x=%',
  '%zz=1',
  `padding=${'q'.repeat(8_000)}`,
  '&&&==&',
]

const HOSTILE_HEADERS: Record<string, string>[] = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { referer: 'https://evil.example/page' },
  { referer: 'not a url' },
  { cookie: `cd_session=${'A'.repeat(4_000)}` },
  { cookie: 'cd_session=' },
  { cookie: 'cd_session=00000000000000000000000000000000000000000000' },
  { cookie: 'cd_session=%ZZ; =; ;;; other' },
  { accept: 'text/html' },
  { accept: 'application/xml;q=1, */*;q=0' },
  { 'x-forwarded-for': '127.0.0.1, <script>' },
  { 'accept-language': 'x'.repeat(2_000) },
  { 'content-encoding': 'gzip' },
]

export function hostileMutation(operation: Operation, hints: FuzzHints): fc.Arbitrary<Mutation> {
  const field = (build: (field: Field) => fc.Arbitrary<Mutation>) => onSomeField(operation, build, unchanged)
  const bodyLike = METHODS_WITH_BODY.has(operation.method)
  const mutations: fc.WeightedArbitrary<Mutation>[] = [
    { weight: 3, arbitrary: field(wrongType) },
    { weight: 2, arbitrary: field(missing) },
    { weight: 2, arbitrary: extraField(operation) },
    { weight: 2, arbitrary: field(hugeString) },
    { weight: 1, arbitrary: field(hugeNumber) },
    { weight: 2, arbitrary: field((target) => stringFrom(target, oddUnicode(), 'odd unicode')) },
    {
      weight: 2,
      arbitrary: field((target) => stringFrom(target, fc.constantFrom(...SQL_AND_MARKUP), 'injection')),
    },
    { weight: 1, arbitrary: foreignId(operation, hints) },
    { weight: bodyLike ? 3 : 1, arbitrary: badJson() },
    { weight: bodyLike ? 2 : 1, arbitrary: wrongContentType() },
    { weight: 1, arbitrary: wrongMethod(operation) },
    { weight: 2, arbitrary: hostileHeaders() },
    { weight: 1, arbitrary: badQuery() },
  ]
  if (bodyLike) mutations.push({ weight: 1, arbitrary: oversizedBody() })
  if (operation.pathParameters.length > 0) mutations.push({ weight: 2, arbitrary: badPath(operation) })
  return fc.oneof(...mutations)
}

function wrongType(target: Field): fc.Arbitrary<Mutation> {
  const wrong = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.object({ maxDepth: 2 }),
    fc.string({ maxLength: 10 }),
  )
  return wrong.map((value) => (parts: Parts) => withField(parts, target, value, `wrong type ${shown(value)}`))
}

function missing(target: Field): fc.Arbitrary<Mutation> {
  return fc.constant((parts: Parts) => withField(parts, target, undefined, 'missing'))
}

function extraField(operation: Operation): fc.Arbitrary<Mutation> {
  const name = fc.oneof(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'role',
      'isOfficer',
      'organizationId',
      'id',
      '$where',
    ),
    fc.string({ minLength: 1, maxLength: 20 }),
  )
  return fc
    .tuple(name, fc.jsonValue({ maxDepth: 2 }), fc.boolean())
    .map(([key, value, inQuery]) => (parts: Parts) => {
      if (inQuery || operation.method === 'GET')
        return {
          ...parts,
          query: [...parts.query, [key, JSON.stringify(value) ?? '']],
          labels: [...parts.labels, `extra ?${key}`],
        }
      const current = parts.body && 'value' in parts.body ? parts.body.value : {}
      const object = isPlainObject(current) ? { ...current } : {}
      Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true })
      return {
        ...parts,
        body: { value: object },
        contentType: parts.contentType ?? 'application/json',
        labels: [...parts.labels, `extra body.${key}`],
      }
    })
}

function hugeString(target: Field): fc.Arbitrary<Mutation> {
  const length = fc.oneof(fc.integer({ min: 1_000, max: 20_000 }), fc.constantFrom(100_000, 300_000))
  return fc.tuple(length, fc.constantFrom('A', 'é', '🚀', "'")).map(
    ([size, unit]) =>
      (parts: Parts) =>
        withField(parts, target, unit.repeat(size), `${size} × ${unit}`),
  )
}

function hugeNumber(target: Field): fc.Arbitrary<Mutation> {
  return fc
    .constantFrom(...HUGE_NUMBERS)
    .map(
      (number) => (parts: Parts) =>
        withField(parts, target, target.in === 'body' ? new RawJson(number) : number, `= ${number}`),
    )
}

function oddUnicode(): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...ODD_UNICODE), fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }))
}

function stringFrom(target: Field, values: fc.Arbitrary<string>, what: string): fc.Arbitrary<Mutation> {
  return fc.tuple(values, fc.boolean()).map(
    ([value, alone]) =>
      (parts: Parts) =>
        withField(
          parts,
          target,
          alone ? value : `demo${value}`,
          `${what} ${JSON.stringify(value).slice(0, 40)}`,
        ),
  )
}

/** Another caller's id (or the caller's own) where the route takes an id. */
function foreignId(operation: Operation, hints: FuzzHints): fc.Arbitrary<Mutation> {
  const idFields = fieldsOf(operation).filter((field) => field.schema.format === 'uuid')
  if (idFields.length === 0 || hints.ids.length === 0) return unchanged
  return fc.tuple(fc.constantFrom(...idFields), fc.constantFrom(...hints.ids)).map(
    ([target, id]) =>
      (parts: Parts) =>
        withField(parts, target, id, `= known id ${id}`),
  )
}

function badJson(): fc.Arbitrary<Mutation> {
  const truncated = fc.nat().map((cut) => (parts: Parts) => {
    const text =
      parts.body === undefined
        ? '{"a":"b"}'
        : 'text' in parts.body
          ? parts.body.text
          : serialize(parts.body.value)
    const at = text.length === 0 ? 0 : cut % text.length
    return {
      ...parts,
      body: { text: text.slice(0, at) },
      contentType: 'application/json',
      labels: [...parts.labels, `JSON cut at ${at}`],
    }
  })
  const broken = fc.constantFrom(...BAD_JSON).map((text) => (parts: Parts) => ({
    ...parts,
    body: { text },
    contentType: 'application/json',
    labels: [...parts.labels, `body ${text.slice(0, 30)}`],
  }))
  return fc.oneof(truncated, broken)
}

function wrongContentType(): fc.Arbitrary<Mutation> {
  return fc
    .tuple(fc.constantFrom(...CONTENT_TYPES), fc.boolean())
    .map(([contentType, dropType]) => (parts: Parts) => ({
      ...parts,
      body: parts.body ?? { text: 'username=demo&password=x' },
      contentType: dropType ? undefined : contentType,
      labels: [...parts.labels, dropType ? 'no content-type' : `content-type ${contentType || '(empty)'}`],
    }))
}

function oversizedBody(): fc.Arbitrary<Mutation> {
  return fc.constant((parts: Parts) => ({
    ...parts,
    body: { value: { padding: 'x'.repeat(1024 * 1024 + 16) } },
    contentType: 'application/json',
    labels: [...parts.labels, 'body over 1 MiB'],
  }))
}

function wrongMethod(operation: Operation): fc.Arbitrary<Mutation> {
  const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter(
    (method) => method !== operation.method,
  )
  return fc.constantFrom(...others).map((method) => (parts: Parts) => ({
    ...parts,
    method,
    labels: [...parts.labels, `method ${method}`],
  }))
}

function hostileHeaders(): fc.Arbitrary<Mutation> {
  return fc.constantFrom(...HOSTILE_HEADERS).map((headers) => (parts: Parts) => ({
    ...parts,
    headers: { ...parts.headers, ...headers },
    labels: [
      ...parts.labels,
      `header ${Object.keys(headers)[0]}: ${Object.values(headers)[0]!.slice(0, 30)}`,
    ],
  }))
}

function badQuery(): fc.Arbitrary<Mutation> {
  return fc.constantFrom(...BAD_QUERY_STRINGS).map((rawQuery) => (parts: Parts) => ({
    ...parts,
    rawQuery,
    labels: [...parts.labels, `query ${rawQuery.slice(0, 30)}`],
  }))
}

function badPath(operation: Operation): fc.Arbitrary<Mutation> {
  return fc
    .tuple(fc.constantFrom(...operation.pathParameters), fc.constantFrom(...BAD_PATH_VALUES))
    .map(([parameter, value]) => (parts: Parts) => ({
      ...parts,
      rawPath: { ...parts.rawPath, [parameter.name]: value },
      labels: [...parts.labels, `path.${parameter.name} = ${value.slice(0, 30)}`],
    }))
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
  return text.length > 30 ? `${text.slice(0, 30)}…` : text
}
