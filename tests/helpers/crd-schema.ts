import { readdirSync, readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { Environment } from '@marcbachmann/cel-js'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import formats from 'ajv-formats'
import { parseAllDocuments } from 'yaml'

/**
 * Validates Kubernetes objects against the `openAPIV3Schema` of their CustomResourceDefinition, as
 * the API server would on create: defaults applied, then required fields, types, enums, patterns,
 * formats and bounds (ajv, on the schema turned into JSON Schema here), fields the structural
 * schema does not know (the server would prune them silently: a violation here), and the
 * `x-kubernetes-validations` CEL rules (cel-js, with Kubernetes' `isIP` / `isCIDR` / `isURL`).
 * Transition rules (those reading `oldSelf`) are not evaluated on create, so they are counted
 * as skipped.
 */

type OpenApiSchema = {
  type?: string
  format?: string
  nullable?: boolean
  default?: unknown
  enum?: unknown[]
  required?: string[]
  properties?: Record<string, OpenApiSchema>
  items?: OpenApiSchema
  additionalProperties?: boolean | OpenApiSchema
  allOf?: OpenApiSchema[]
  anyOf?: OpenApiSchema[]
  oneOf?: OpenApiSchema[]
  not?: OpenApiSchema
  minimum?: number
  maximum?: number
  exclusiveMinimum?: boolean
  exclusiveMaximum?: boolean
  'x-kubernetes-int-or-string'?: boolean
  'x-kubernetes-preserve-unknown-fields'?: boolean
  'x-kubernetes-embedded-resource'?: boolean
  'x-kubernetes-validations'?: { rule: string; message?: string; messageExpression?: string }[]
  [key: string]: unknown
}

type CrdVersion = {
  name: string
  served: boolean
  storage: boolean
  deprecated?: boolean
  schema?: { openAPIV3Schema?: OpenApiSchema }
}

type Crd = {
  kind: string
  metadata: { name: string }
  spec: { group: string; names: { kind: string }; versions: CrdVersion[] }
}

export type Violation = { object: string; path: string; message: string }

export type ObjectCheck = {
  /** `Kind/name (apiVersion)`. */
  object: string
  violations: Violation[]
  /** Why the version is deprecated (marked so, or not the storage version); undefined when current. */
  deprecated: string | undefined
  /** CEL rules evaluated on this object, and transition rules skipped (they need the old object). */
  rulesEvaluated: number
  rulesSkipped: string[]
}

type Kubernetes = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown }

const QUALIFIED = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/
/** Go's time.Duration as Kubernetes' `duration` format reads it. */
const DURATION = /^[-+]?(\d+(\.\d*)?(ns|us|µs|ms|s|m|h))+$|^0$/

export class CrdCatalog {
  private readonly versions = new Map<string, { crd: Crd; version: CrdVersion }>()
  private readonly validators = new Map<string, ValidateFunction>()
  private readonly ajv: Ajv
  private readonly cel: Environment

  constructor(directory: string) {
    for (const file of readdirSync(directory).filter((name) => name.endsWith('.yaml'))) {
      for (const document of parseAllDocuments(readFileSync(path.join(directory, file), 'utf8'))) {
        const crd = document.toJS() as Crd | null
        if (crd?.kind !== 'CustomResourceDefinition') continue
        for (const version of crd.spec.versions)
          this.versions.set(key(`${crd.spec.group}/${version.name}`, crd.spec.names.kind), { crd, version })
      }
    }
    this.ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false })
    formats.default(this.ajv)
    // Kubernetes' own formats; the ones it does not know it ignores.
    this.ajv.addFormat('int32', { type: 'number', validate: (n: number) => n >= -(2 ** 31) && n < 2 ** 31 })
    this.ajv.addFormat('int64', { type: 'number', validate: () => true })
    this.ajv.addFormat('float', { type: 'number', validate: () => true })
    this.ajv.addFormat('double', { type: 'number', validate: () => true })
    this.ajv.addFormat('byte', /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/)
    this.ajv.addFormat('cidr', (value: string) => isCidr(value))
    this.ajv.addFormat('duration', DURATION)
    this.ajv.addFormat('datetime', (value: string) => !Number.isNaN(Date.parse(value)))
    for (const ignored of ['password', 'bsonobjectid', 'hexcolor', 'rgbcolor', 'mac', 'isbn', 'ssn'])
      this.ajv.addFormat(ignored, () => true)
    this.cel = new Environment({ unlistedVariablesAreDyn: true, homogeneousAggregateLiterals: false })
      .registerFunction('isIP(string): bool', (value: string) => isIP(value) !== 0)
      .registerFunction('isCIDR(string): bool', (value: string) => isCidr(value))
      .registerFunction('isURL(string): bool', (value: string) => URL.canParse(value))
  }

  /** The CRD versions of a group (`apiVersion` without the version) and kind. */
  versionsOf(group: string, kind: string): CrdVersion[] {
    return [...this.versions.values()]
      .filter(({ crd }) => crd.spec.group === group && crd.spec.names.kind === kind)
      .map(({ version }) => version)
  }

  /** Checks a copy of the object (defaults are applied to the copy). */
  check(original: Kubernetes): ObjectCheck {
    const object = structuredClone(original)
    const label = `${object.kind}/${object.metadata?.name} (${object.apiVersion})`
    const result: ObjectCheck = {
      object: label,
      violations: [],
      deprecated: undefined,
      rulesEvaluated: 0,
      rulesSkipped: [],
    }
    const violation = (at: string, message: string) =>
      result.violations.push({ object: label, path: at || '/', message })
    const found = this.versions.get(key(object.apiVersion, object.kind))
    if (!found) {
      violation('', `no CustomResourceDefinition serves ${object.kind} in ${object.apiVersion}`)
      return result
    }
    const { version } = found
    if (!version.served) violation('', `${object.apiVersion} is no longer served`)
    if (version.deprecated) result.deprecated = `${object.apiVersion} is marked deprecated`
    else if (!version.storage) result.deprecated = `${object.apiVersion} is not the storage version`
    checkMetadata(object, violation)

    const schema = version.schema?.openAPIV3Schema
    if (!schema) return result
    const validate = this.validatorOf(object.apiVersion, object.kind, schema)
    if (!validate(object))
      for (const error of validate.errors ?? []) violation(error.instancePath, describe(error))
    this.evaluateRules(schema, object, '', result, violation)
    return result
  }

  private validatorOf(apiVersion: string, kind: string, schema: OpenApiSchema): ValidateFunction {
    const id = key(apiVersion, kind)
    let validate = this.validators.get(id)
    if (!validate) {
      const root = toJsonSchema(schema)
      // ObjectMeta is the API server's own, checked by checkMetadata.
      root.properties = { ...root.properties, metadata: { type: 'object' } }
      validate = this.ajv.compile(root)
      this.validators.set(id, validate)
    }
    return validate
  }

  private evaluateRules(
    schema: OpenApiSchema,
    value: unknown,
    at: string,
    result: ObjectCheck,
    violation: (at: string, message: string) => void,
  ): void {
    if (value === undefined || value === null) return
    for (const rule of schema['x-kubernetes-validations'] ?? []) {
      if (/\boldSelf\b/.test(rule.rule)) {
        result.rulesSkipped.push(`${at || '/'}: ${rule.rule}`)
        continue
      }
      result.rulesEvaluated++
      let outcome: unknown
      try {
        outcome = this.cel.evaluate(rule.rule, { self: celValue(schema, value) })
      } catch (error) {
        violation(at, `rule ${rule.rule} could not be evaluated: ${(error as Error).message}`)
        continue
      }
      if (outcome !== true) violation(at, rule.message ?? `failed rule: ${rule.rule}`)
    }
    if (Array.isArray(value)) {
      const items = schema.items
      if (items)
        for (const [index, item] of value.entries())
          this.evaluateRules(items, item, `${at}/${index}`, result, violation)
      return
    }
    if (typeof value !== 'object') return
    for (const [name, child] of Object.entries(value as Record<string, unknown>)) {
      const childSchema =
        schema.properties?.[name] ??
        (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined)
      if (childSchema)
        this.evaluateRules(childSchema, child, `${at}/${escapePointer(name)}`, result, violation)
    }
  }
}

/** The structural schema as JSON Schema (draft-07), with Kubernetes' pruning made an error. */
export function toJsonSchema(schema: OpenApiSchema): Record<string, unknown> & {
  properties?: Record<string, unknown>
} {
  const out: Record<string, unknown> = {}
  for (const keyword of [
    'format',
    'default',
    'enum',
    'required',
    'pattern',
    'minLength',
    'maxLength',
    'minItems',
    'maxItems',
    'uniqueItems',
    'minProperties',
    'maxProperties',
    'multipleOf',
  ])
    if (schema[keyword] !== undefined) out[keyword] = schema[keyword]
  // OpenAPI 3.0's boolean exclusive bounds are draft-07's numeric ones.
  if (schema.minimum !== undefined)
    out[schema.exclusiveMinimum ? 'exclusiveMinimum' : 'minimum'] = schema.minimum
  if (schema.maximum !== undefined)
    out[schema.exclusiveMaximum ? 'exclusiveMaximum' : 'maximum'] = schema.maximum

  const allOf: unknown[] = []
  if (schema['x-kubernetes-int-or-string']) allOf.push({ anyOf: [{ type: 'integer' }, { type: 'string' }] })
  else if (schema.type) {
    out.type = schema.nullable ? [schema.type, 'null'] : schema.type
    if (schema.nullable && Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null]
  }
  for (const combinator of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[combinator]?.map(toJsonSchema)
    if (!branches) continue
    // A branch only adds value checks: it never prunes.
    for (const branch of branches) delete branch.additionalProperties
    if (combinator === 'allOf') allOf.push(...branches)
    else allOf.push({ [combinator]: branches })
  }
  if (allOf.length > 0) out.allOf = allOf
  if (schema.not) out.not = toJsonSchema(schema.not)
  if (schema.items) out.items = toJsonSchema(schema.items)

  const properties: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    properties[name] = toJsonSchema(property)
  if (schema['x-kubernetes-embedded-resource'])
    for (const [name, type] of [
      ['apiVersion', 'string'],
      ['kind', 'string'],
      ['metadata', 'object'],
    ] as const)
      properties[name] ??= { type }
  if (Object.keys(properties).length > 0) out.properties = properties

  if (typeof schema.additionalProperties === 'object')
    out.additionalProperties = toJsonSchema(schema.additionalProperties)
  else if (schema.additionalProperties === true || schema['x-kubernetes-preserve-unknown-fields']) {
    // Unknown fields are kept.
  } else if (schema.type === 'object') out.additionalProperties = false
  return out as ReturnType<typeof toJsonSchema>
}

/** The value as CEL sees it: integers of the schema are CEL ints (bigint), other numbers doubles. */
function celValue(schema: OpenApiSchema | undefined, value: unknown): unknown {
  if (typeof value === 'number')
    return (schema?.type === 'integer' || schema?.['x-kubernetes-int-or-string']) && Number.isInteger(value)
      ? BigInt(value)
      : value
  if (Array.isArray(value)) return value.map((item) => celValue(schema?.items, item))
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([name, child]) => [
        name,
        celValue(
          schema?.properties?.[name] ??
            (typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined),
          child,
        ),
      ]),
    )
  return value
}

function checkMetadata(object: Kubernetes, violation: (at: string, message: string) => void) {
  const metadata = object.metadata as {
    name?: string
    namespace?: string
    labels?: Record<string, string>
  }
  if (!metadata?.name) violation('/metadata/name', 'required')
  else if (metadata.name.length > 253 || !QUALIFIED.test(metadata.name))
    violation('/metadata/name', `${metadata.name} is not a DNS subdomain name`)
  for (const [name, value] of Object.entries(metadata?.labels ?? {}))
    if (value.length > 63 || !LABEL_VALUE.test(value))
      violation(`/metadata/labels/${escapePointer(name)}`, `${value} is not a label value`)
}

function describe(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties')
    return `unknown field ${(error.params as { additionalProperty: string }).additionalProperty} (pruned by the API server)`
  if (error.keyword === 'required')
    return `required field ${(error.params as { missingProperty: string }).missingProperty} is missing`
  return `${error.message ?? error.keyword}${error.keyword === 'enum' ? `: ${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)}` : ''}`
}

function isCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/')
  const family = isIP(address)
  return (
    family !== 0 &&
    rest.length === 0 &&
    prefix !== undefined &&
    /^\d{1,3}$/.test(prefix) &&
    Number(prefix) <= (family === 4 ? 32 : 128)
  )
}

const key = (apiVersion: string, kind: string) => `${apiVersion}|${kind}`
const escapePointer = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1')
