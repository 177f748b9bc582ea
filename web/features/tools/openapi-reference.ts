import { type ComponentSchemas, isRecord, outlineSchema, type SchemaNode } from './schema-outline.ts'

/** The server's OpenAPI document, read into what the API reference page shows. */

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

export type ApiParameter = {
  name: string
  location: string
  required: boolean
  description?: string
  schema: SchemaNode
}

export type ApiBody = { contentType: string; schema: SchemaNode }

export type ApiResponse = { status: string; description?: string; bodies: ApiBody[] }

export type ApiOperation = {
  /** The anchor of the operation on the page, e.g. "get-api-notifications-id-read". */
  anchor: string
  method: HttpMethod
  path: string
  /** Its first tag; "" when it has none. */
  tag: string
  summary?: string
  description?: string
  parameters: ApiParameter[]
  requestBody?: { required: boolean; bodies: ApiBody[] }
  responses: ApiResponse[]
}

export type ApiTagGroup = { tag: string; operations: ApiOperation[] }

export type ApiReference = {
  title: string
  version: string
  description?: string
  groups: ApiTagGroup[]
  operationCount: number
}

/** Fastify's description of a response nobody described: the status says more. */
const PLACEHOLDER_DESCRIPTION = 'Default Response'

/**
 * The operations of an OpenAPI document grouped by tag, tags in the order they first appear and
 * operations in document order. Undefined when the value is not an OpenAPI document.
 */
export function readApiReference(document: unknown): ApiReference | undefined {
  if (!isRecord(document) || typeof document.openapi !== 'string' || !isRecord(document.paths))
    return undefined
  const info = isRecord(document.info) ? document.info : {}
  const components =
    isRecord(document.components) && isRecord(document.components.schemas) ? document.components.schemas : {}
  const groups = new Map<string, ApiOperation[]>()
  for (const [path, pathItem] of Object.entries(document.paths)) {
    if (!isRecord(pathItem)) continue
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : []
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method]
      if (!isRecord(operation)) continue
      const read = readOperation(method, path, operation, shared, components)
      groups.set(read.tag, [...(groups.get(read.tag) ?? []), read])
    }
  }
  const tagGroups = [...groups].map(([tag, operations]) => ({ tag, operations }))
  return {
    title: textOr(info.title, 'API'),
    version: textOr(info.version, ''),
    description: optionalText(info.description),
    groups: tagGroups,
    operationCount: tagGroups.reduce((total, group) => total + group.operations.length, 0),
  }
}

/** A stable, readable anchor: "get-api-notifications-id-read" for GET /api/notifications/{id}/read. */
export function operationAnchor(method: string, path: string): string {
  const slug = path
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${method.toLowerCase()}-${slug || 'root'}`
}

/**
 * The groups narrowed to operations matching every word of the query, in any of method, path,
 * tag, summary or description (case-insensitive); groups left empty are dropped.
 */
export function filterApiReference(groups: ApiTagGroup[], query: string): ApiTagGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return groups
  return groups
    .map((group) => ({
      tag: group.tag,
      operations: group.operations.filter((operation) => {
        const haystack = [
          operation.method,
          operation.path,
          operation.tag,
          operation.summary ?? '',
          operation.description ?? '',
        ]
          .join(' ')
          .toLowerCase()
        return words.every((word) => haystack.includes(word))
      }),
    }))
    .filter((group) => group.operations.length > 0)
}

export function countOperations(groups: ApiTagGroup[]): number {
  return groups.reduce((total, group) => total + group.operations.length, 0)
}

function readOperation(
  method: HttpMethod,
  path: string,
  operation: Record<string, unknown>,
  sharedParameters: unknown[],
  components: ComponentSchemas,
): ApiOperation {
  const tags = Array.isArray(operation.tags) ? operation.tags.filter((tag) => typeof tag === 'string') : []
  const parameters = [
    ...sharedParameters,
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ]
  const requestBody = isRecord(operation.requestBody) ? operation.requestBody : undefined
  return {
    anchor: operationAnchor(method, path),
    method,
    path,
    tag: tags[0] ?? '',
    summary: optionalText(operation.summary),
    description: optionalText(operation.description),
    parameters: parameters.filter(isRecord).map((parameter) => ({
      name: textOr(parameter.name, ''),
      location: textOr(parameter.in, 'query'),
      required: parameter.required === true || parameter.in === 'path',
      description: optionalText(parameter.description),
      schema: outlineSchema(parameter.schema, components),
    })),
    requestBody: requestBody && {
      required: requestBody.required === true,
      bodies: bodiesOf(requestBody.content, components),
    },
    responses: Object.entries(isRecord(operation.responses) ? operation.responses : {})
      .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
      .map(([status, response]) => ({
        status,
        description:
          response.description === PLACEHOLDER_DESCRIPTION ? undefined : optionalText(response.description),
        bodies: bodiesOf(response.content, components),
      }))
      .sort((a, b) => a.status.localeCompare(b.status)),
  }
}

function bodiesOf(content: unknown, components: ComponentSchemas): ApiBody[] {
  if (!isRecord(content)) return []
  return Object.entries(content).map(([contentType, media]) => ({
    contentType,
    schema: outlineSchema(isRecord(media) ? media.schema : undefined, components),
  }))
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined
}

function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback
}
