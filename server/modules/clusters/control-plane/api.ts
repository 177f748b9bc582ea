import type { Database } from '#server/db/client.ts'
import type { Cluster } from '#server/db/schema/index.ts'
import { CLUSTER_ACCESS_GROUPS } from '#server/provisioning/index.ts'
import {
  CORE_RESOURCES,
  discoveryDocument,
  METHOD_NOT_ALLOWED,
  PATH_NOT_FOUND,
  status,
  versionInfo,
} from './discovery.ts'
import { eventObjects, type KubeObject, namespaceObjects, nodeObjects, serviceObjects } from './objects.ts'
import { tableOf, wantsTable } from './tables.ts'

/**
 * The part of the Kubernetes API a simulated cluster answers, for a person the token review has
 * authenticated: discovery, the version, nodes, namespaces, events and services (read-only), and
 * SelfSubjectReview. Authorization follows the RBAC every cluster gets (server/provisioning/
 * kubeconfig.ts): owners are cluster-admin; members have `edit`, which reads namespaces, events
 * and services but not nodes. Failures are meta/v1 Status objects with the real server's wording.
 */

export type KubeUser = { username: string; uid: string; groups: string[] }
export type KubeRequest = {
  method: string
  path: string
  query: URLSearchParams
  accept: string | undefined
  cluster: Cluster
  user: KubeUser
}
export type KubeAnswer = { status: number; body: unknown }

const READ_VERBS = ['get', 'list', 'watch']
const HEALTH_PATHS = ['/healthz', '/livez', '/readyz']

export async function answer(db: Database, request: KubeRequest): Promise<KubeAnswer> {
  const { method, path, cluster, user } = request
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  if (method === 'GET' && HEALTH_PATHS.includes(trimmed)) return { status: 200, body: 'ok' }
  if (method === 'GET' && trimmed === '/version')
    return { status: 200, body: versionInfo(cluster.kubernetesPatch) }
  const discovery = discoveryDocument(trimmed)
  if (discovery) return method === 'GET' ? { status: 200, body: discovery } : notAllowed()
  if (trimmed === '/apis/authentication.k8s.io/v1/selfsubjectreviews') {
    if (method !== 'POST') return notAllowed()
    return {
      status: 201,
      body: {
        kind: 'SelfSubjectReview',
        apiVersion: 'authentication.k8s.io/v1',
        metadata: { creationTimestamp: null },
        status: { userInfo: user },
      },
    }
  }
  const target = resourceTarget(trimmed)
  if (!target) return { status: 404, body: PATH_NOT_FOUND }
  const verb = verbOf(method, target.name !== undefined, request.query)
  if (!allowed(user, verb, target.resource)) return forbidden(user, verb, target)
  if (method !== 'GET') return notAllowed()

  const all = await objectsOf(db, cluster, target.resource)
  const inNamespace = target.namespace
    ? all.filter((object) => object.metadata.namespace === target.namespace)
    : all
  const resourceVersion = String(Math.floor(Date.now() / 1000) % 100_000_000)
  const table = wantsTable(request.accept)
  const includeObject = request.query.get('includeObject')
  if (target.name !== undefined) {
    const found = inNamespace.find((object) => object.metadata.name === target.name)
    if (!found)
      return {
        status: 404,
        body: status(404, 'NotFound', `${target.resource} "${target.name}" not found`, {
          name: target.name,
          kind: target.resource,
        }),
      }
    return {
      status: 200,
      body: table
        ? tableOf(target.resource, [found], { version: table, includeObject, resourceVersion })
        : found,
    }
  }
  const selected = inNamespace.filter(
    (object) =>
      matches(request.query.get('labelSelector'), (key) => object.metadata.labels?.[key]) &&
      matches(request.query.get('fieldSelector'), (key) => fieldOf(object, key)),
  )
  if (table)
    return {
      status: 200,
      body: tableOf(target.resource, selected, { version: table, includeObject, resourceVersion }),
    }
  const kind = CORE_RESOURCES[target.resource]!.kind
  return {
    status: 200,
    body: {
      kind: `${kind}List`,
      apiVersion: 'v1',
      metadata: { resourceVersion },
      items: selected.map(({ kind: _kind, apiVersion: _apiVersion, ...item }) => item),
    },
  }
}

type Target = { resource: string; namespace?: string; name?: string }

/** `/api/v1/<resource>[/<name>]` or `/api/v1/namespaces/<namespace>/<resource>[/<name>]`. */
function resourceTarget(path: string): Target | null {
  const segments = path.split('/').slice(1).map(decodeURIComponent)
  if (segments[0] !== 'api' || segments[1] !== 'v1' || segments.length < 3) return null
  const rest = segments.slice(2)
  let target: Target
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    if (rest.length > 4) return null
    target = { resource: rest[2]!, namespace: rest[1], name: rest[3] }
  } else {
    if (rest.length > 2) return null
    target = { resource: rest[0]!, name: rest[1] }
  }
  const served = CORE_RESOURCES[target.resource]
  if (!served || (target.namespace !== undefined && !served.namespaced)) return null
  if (target.name === '') return null
  return target
}

function verbOf(method: string, named: boolean, query: URLSearchParams): string {
  switch (method) {
    case 'GET':
    case 'HEAD':
      if (!named) return query.get('watch') === 'true' || query.get('watch') === '1' ? 'watch' : 'list'
      return 'get'
    case 'POST':
      return 'create'
    case 'PUT':
      return 'update'
    case 'PATCH':
      return 'patch'
    case 'DELETE':
      return named ? 'delete' : 'deletecollection'
    default:
      return method.toLowerCase()
  }
}

/** cluster-admin for owners; `edit` for members: no nodes, namespaces and events read-only. */
function allowed(user: KubeUser, verb: string, resource: string): boolean {
  if (user.groups.includes(CLUSTER_ACCESS_GROUPS.owners)) return true
  if (!user.groups.includes(CLUSTER_ACCESS_GROUPS.members)) return false
  if (resource === 'services') return true
  if (resource === 'namespaces' || resource === 'events') return READ_VERBS.includes(verb)
  return false
}

function forbidden(user: KubeUser, verb: string, target: Target): KubeAnswer {
  const subject = target.name !== undefined ? `${target.resource} "${target.name}"` : target.resource
  const scope =
    target.namespace !== undefined ? `in the namespace "${target.namespace}"` : 'at the cluster scope'
  return {
    status: 403,
    body: status(
      403,
      'Forbidden',
      `${subject} is forbidden: User "${user.username}" cannot ${verb} resource "${target.resource}" in API group "" ${scope}`,
      { ...(target.name !== undefined ? { name: target.name } : {}), kind: target.resource },
    ),
  }
}

const notAllowed = (): KubeAnswer => ({ status: 405, body: METHOD_NOT_ALLOWED })

function objectsOf(db: Database, cluster: Cluster, resource: string): Promise<KubeObject[]> {
  switch (resource) {
    case 'nodes':
      return nodeObjects(db, cluster)
    case 'namespaces':
      return namespaceObjects(db, cluster)
    case 'events':
      return eventObjects(db, cluster)
    default:
      return Promise.resolve(serviceObjects(cluster))
  }
}

/** Equality-based selectors (`a=b,c!=d,e,!f`), which is what kubectl sends by itself. */
function matches(selector: string | null, lookUp: (key: string) => string | undefined): boolean {
  if (!selector) return true
  return selector
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean)
    .every((term) => {
      const unequal = /^([^!=]+)!=(.*)$/.exec(term)
      if (unequal) return lookUp(unequal[1]!.trim()) !== unequal[2]!.trim()
      const equal = /^([^!=]+)==?(.*)$/.exec(term)
      if (equal) return lookUp(equal[1]!.trim()) === equal[2]!.trim()
      if (term.startsWith('!')) return lookUp(term.slice(1).trim()) === undefined
      return lookUp(term) !== undefined
    })
}

function fieldOf(object: KubeObject, path: string): string | undefined {
  let value: unknown = object
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value === undefined || value === null ? undefined : String(value)
}
