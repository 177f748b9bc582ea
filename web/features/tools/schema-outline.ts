/**
 * A JSON schema of the OpenAPI document (3.0 or 3.1) turned into a tree a page can render:
 * types, formats, enums, constraints, properties with whether they are required, array items
 * and alternatives. References to `#/components/schemas/…` are followed once per branch.
 */

export type ConstraintName =
  | 'minLength'
  | 'maxLength'
  | 'minimum'
  | 'maximum'
  | 'exclusiveMinimum'
  | 'exclusiveMaximum'
  | 'minItems'
  | 'maxItems'
  | 'pattern'

export type SchemaConstraint = { name: ConstraintName; value: string }

export type SchemaNode = {
  /** JSON types without "null" (which is `nullable`); empty when the schema allows anything. */
  types: string[]
  format?: string
  nullable: boolean
  /** Allowed values, as JSON text (strings without their quotes). */
  enumValues?: string[]
  defaultValue?: string
  constraints: SchemaConstraint[]
  description?: string
  properties?: SchemaProperty[]
  /** False when the object refuses properties it does not list. */
  additionalProperties?: boolean
  items?: SchemaNode
  /** anyOf / oneOf alternatives. */
  variants?: SchemaNode[]
  /** The name of a followed reference, e.g. "User" for `#/components/schemas/User`. */
  refName?: string
}

export type SchemaProperty = { name: string; required: boolean; schema: SchemaNode }

export type ComponentSchemas = Record<string, unknown>

const MAX_DEPTH = 12
const CONSTRAINTS: ConstraintName[] = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'pattern',
]
/** zod gives every integer these bounds; they say nothing to a reader. */
const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])

export function outlineSchema(schema: unknown, components: ComponentSchemas = {}): SchemaNode {
  return outline(schema, components, new Set(), 0)
}

function outline(
  schema: unknown,
  components: ComponentSchemas,
  seen: Set<string>,
  depth: number,
): SchemaNode {
  if (!isRecord(schema) || depth > MAX_DEPTH) return emptyNode()
  if (typeof schema.$ref === 'string') return followReference(schema.$ref, components, seen, depth)

  const node = emptyNode()
  const declared = Array.isArray(schema.type) ? schema.type : [schema.type]
  const types = declared.filter((type): type is string => typeof type === 'string')
  node.types = types.filter((type) => type !== 'null')
  node.nullable = schema.nullable === true || types.includes('null')
  if (typeof schema.format === 'string') node.format = schema.format
  if (typeof schema.description === 'string' && schema.description.trim())
    node.description = schema.description
  if ('default' in schema) node.defaultValue = valueText(schema.default)
  if (Array.isArray(schema.enum)) node.enumValues = schema.enum.map(valueText)
  else if ('const' in schema) node.enumValues = [valueText(schema.const)]
  node.constraints = constraintsOf(schema, node.format)

  const next = (child: unknown) => outline(child, components, seen, depth + 1)
  if (isRecord(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : [])
    node.properties = Object.entries(schema.properties).map(([name, child]) => ({
      name,
      required: required.has(name),
      schema: next(child),
    }))
    if (node.types.length === 0) node.types = ['object']
  }
  if (schema.additionalProperties === false) node.additionalProperties = false
  if ('items' in schema) {
    node.items = next(schema.items)
    if (node.types.length === 0) node.types = ['array']
  }
  const alternatives = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : []
  if (alternatives.length > 0) {
    const variants = alternatives.map(next)
    // `anyOf: [X, {type: "null"}]` is how 3.1 writes a nullable X.
    const nonNull = variants.filter((variant) => !isNullOnly(variant))
    if (nonNull.length < variants.length) node.nullable = true
    if (nonNull.length === 1 && node.types.length === 0) return mergeInto(nonNull[0]!, node)
    node.variants = nonNull
  }
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf.map(next)) mergeInto(node, part)
  }
  return node
}

function followReference(ref: string, components: ComponentSchemas, seen: Set<string>, depth: number) {
  const name = ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined
  if (!name || seen.has(ref) || !(name in components)) return { ...emptyNode(), refName: name ?? ref }
  const node = outline(components[name], components, new Set([...seen, ref]), depth + 1)
  return { ...node, refName: name }
}

function constraintsOf(schema: Record<string, unknown>, format: string | undefined): SchemaConstraint[] {
  const constraints: SchemaConstraint[] = []
  for (const name of CONSTRAINTS) {
    const value = schema[name]
    if (typeof value === 'number' && !SAFE_INTEGER_BOUNDS.has(value))
      constraints.push({ name, value: String(value) })
    // A format (uuid, email, date-time) already says what its long pattern checks.
    else if (name === 'pattern' && typeof value === 'string' && !format) constraints.push({ name, value })
  }
  return constraints
}

/** Adds what `extra` says to `node` (for allOf and for a nullable single alternative). */
function mergeInto(node: SchemaNode, extra: SchemaNode): SchemaNode {
  node.types = [...new Set([...node.types, ...extra.types])]
  node.nullable ||= extra.nullable
  node.format ??= extra.format
  node.enumValues ??= extra.enumValues
  node.defaultValue ??= extra.defaultValue
  node.description ??= extra.description
  node.constraints = [...node.constraints, ...extra.constraints]
  if (extra.properties) node.properties = [...(node.properties ?? []), ...extra.properties]
  node.additionalProperties ??= extra.additionalProperties
  node.items ??= extra.items
  node.variants ??= extra.variants
  node.refName ??= extra.refName
  return node
}

function isNullOnly(node: SchemaNode): boolean {
  return node.types.length === 0 && node.nullable && !node.properties && !node.items && !node.variants
}

function emptyNode(): SchemaNode {
  return { types: [], nullable: false, constraints: [] }
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** How many schema nodes a view of `node` draws: big ones are shown on demand. */
export function schemaSize(node: SchemaNode): number {
  return (
    1 +
    (node.properties ?? []).reduce((total, property) => total + schemaSize(property.schema), 0) +
    (node.items ? schemaSize(node.items) : 0) +
    (node.variants ?? []).reduce((total, variant) => total + schemaSize(variant), 0)
  )
}
