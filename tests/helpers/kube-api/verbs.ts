import { randomBytes, randomUUID } from 'node:crypto'
import type http from 'node:http'
import { apiVersionOf, clone, type KubeObject, qualified, type Resource } from './resources.ts'
import { send, sendStatus } from './responses.ts'
import type { KubeStore, Watcher } from './store.ts'

/**
 * What each verb does to the store, as the API server does it: create (and its dry run), list and
 * watch with selectors, replace, the three patch types, and delete.
 */

export function createFromRequest(
  store: KubeStore,
  response: http.ServerResponse,
  resource: Resource,
  namespace: string | undefined,
  body: unknown,
  dryRun: boolean,
) {
  const object = clone(body) as KubeObject | undefined
  const apiVersion = apiVersionOf(resource)
  if (!object || object.kind !== resource.kind || object.apiVersion !== apiVersion)
    return sendStatus(response, 400, 'BadRequest', `the object is not a ${apiVersion} ${resource.kind}`)
  object.metadata ??= { name: '' }
  if (!object.metadata.name && typeof object.metadata.generateName === 'string')
    object.metadata.name = `${object.metadata.generateName}${randomBytes(3).toString('hex').slice(0, 5)}`
  const name = object.metadata.name
  if (!name)
    return sendStatus(
      response,
      422,
      'Invalid',
      `${resource.kind}.${resource.group} "" is invalid: metadata.name: Required value`,
    )
  if (resource.namespaced) {
    if (object.metadata.namespace && object.metadata.namespace !== namespace)
      return sendStatus(
        response,
        400,
        'BadRequest',
        'the namespace of the object does not match the namespace on the request',
      )
    object.metadata.namespace = namespace
    if (!store.find('Namespace', undefined, namespace ?? ''))
      return sendStatus(
        response,
        404,
        'NotFound',
        `namespaces "${namespace}" not found`,
        undefined,
        namespace,
      )
  }
  if (store.has(resource, namespace, name))
    return sendStatus(
      response,
      409,
      'AlreadyExists',
      `${qualified(resource)} "${name}" already exists`,
      resource,
      name,
    )
  // Status is the controllers' to write: a create (of a kind with a status subresource) drops it.
  if (resource.group !== '' && resource.group !== 'apiextensions.k8s.io') delete object.status
  if (dryRun) {
    object.metadata.uid = randomUUID()
    object.metadata.creationTimestamp = new Date().toISOString()
    return send(response, 201, object)
  }
  return send(response, 201, store.insert(resource, object))
}

/** PUT: the object's spec, labels, annotations and data (or only its status) as given. */
export function replaceObject(store: KubeStore, stored: KubeObject, body: unknown, statusOnly: boolean) {
  return store.update(stored, (object) => {
    const replacement = body as KubeObject
    if (statusOnly) object.status = replacement.status
    else {
      object.spec = replacement.spec
      object.metadata.labels = replacement.metadata?.labels
      object.metadata.annotations = replacement.metadata?.annotations
      if (replacement.data) object.data = replacement.data
    }
  })
}

export function patchObject(
  store: KubeStore,
  stored: KubeObject,
  body: unknown,
  contentType: string | undefined,
  statusOnly: boolean,
) {
  return store.update(stored, (object) => {
    if (contentType === 'application/json-patch+json') {
      applyJsonPatch(object, body as JsonPatchOperation[])
      return
    }
    const patch = (body ?? {}) as Record<string, unknown>
    if (statusOnly) {
      object.status = mergePatch(object.status ?? {}, patch.status ?? {}) as KubeObject['status']
      return
    }
    const { status: _ignored, ...rest } = patch
    Object.assign(object, mergePatch(object, rest))
  })
}

/** A Cluster is deleted by its controller, which takes its children first; anything else goes at once. */
export function deleteObject(store: KubeStore, stored: KubeObject): unknown {
  if (stored.kind === 'Cluster' && stored.apiVersion.startsWith('cluster.x-k8s.io/')) {
    return store.update(stored, (object) => {
      object.metadata.deletionTimestamp ??= new Date().toISOString()
      object.status = { ...object.status, phase: 'Deleting' }
    })
  }
  store.remove(stored)
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name: stored.metadata.name },
  }
}

export function listOf(
  store: KubeStore,
  resource: Resource,
  namespace: string | undefined,
  query: URLSearchParams,
) {
  const matches = selectorOf(query)
  const items = store
    .list(resource, namespace)
    .filter(matches)
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))
  return {
    apiVersion: apiVersionOf(resource),
    kind: `${resource.kind}List`,
    metadata: { resourceVersion: String(store.resourceVersion) },
    items,
  }
}

/**
 * `?watch=true`: JSON lines of {type, object}, from after the given resourceVersion or from the
 * current state, until the client leaves or `timeoutSeconds` pass.
 */
export function watch(
  store: KubeStore,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  resource: Resource,
  namespace: string | undefined,
  query: URLSearchParams,
  openResponses: Set<http.ServerResponse>,
) {
  response.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' })
  openResponses.add(response)
  const watcher: Watcher = {
    resource,
    namespace,
    matches: selectorOf(query),
    send: (event) => response.write(`${JSON.stringify({ type: event.type, object: event.object })}\n`),
  }
  const from = query.get('resourceVersion')
  if (from && from !== '0') {
    for (const event of store.eventsAfter(Number(from)))
      if (store.watcherSees(watcher, event.object)) watcher.send(event)
  } else {
    for (const object of listOf(store, resource, namespace, query).items)
      watcher.send({ resourceVersion: store.resourceVersion, type: 'ADDED', object })
  }
  const unwatch = store.watch(watcher)
  const stop = () => {
    unwatch()
    openResponses.delete(response)
    clearTimeout(timer)
    if (!response.writableEnded) response.end()
  }
  const timeoutSeconds = Number(query.get('timeoutSeconds') ?? 300)
  const timer = setTimeout(stop, timeoutSeconds * 1000)
  request.on('close', stop)
}

/** `a=b,c=d` label selectors and `metadata.name=x` / `metadata.namespace=y` field selectors. */
function selectorOf(query: URLSearchParams): (object: KubeObject) => boolean {
  const pairs = (text: string | null) =>
    (text ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string])
  const labels = pairs(query.get('labelSelector'))
  const fields = pairs(query.get('fieldSelector'))
  return (object) =>
    labels.every(([key, value]) => object.metadata.labels?.[key] === value) &&
    fields.every(([key, value]) =>
      key === 'metadata.name'
        ? object.metadata.name === value
        : key === 'metadata.namespace'
          ? object.metadata.namespace === value
          : true,
    )
}

/** RFC 7386: objects merge, null removes, anything else replaces. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch
  const result: Record<string, unknown> =
    typeof target === 'object' && target !== null && !Array.isArray(target) ? { ...(target as object) } : {}
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key]
    else result[key] = mergePatch(result[key], value)
  }
  return result
}

type JsonPatchOperation = { op: 'add' | 'replace' | 'remove'; path: string; value?: unknown }

function applyJsonPatch(object: KubeObject, operations: JsonPatchOperation[]) {
  for (const operation of operations) {
    const keys = operation.path
      .split('/')
      .slice(1)
      .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
    const last = keys.pop()!
    let parent = object as Record<string, unknown>
    for (const key of keys) {
      parent[key] ??= {}
      parent = parent[key] as Record<string, unknown>
    }
    if (operation.op === 'remove') delete parent[last]
    else parent[last] = operation.value
  }
}
