import type http from 'node:http'
import { loadYaml } from '@kubernetes/client-node'
import { qualified } from './resources.ts'
import { send, sendStatus } from './responses.ts'
import type { KubeStore } from './store.ts'
import { createFromRequest, deleteObject, listOf, patchObject, replaceObject, watch } from './verbs.ts'

export type RecordedRequest = {
  method: string
  path: string
  query: Record<string, string>
  contentType: string | undefined
  body: unknown
}

/**
 * The API's routing: the bearer token, discovery (/api, /apis, /apis/<group>/<version>), then
 * `[/namespaces/<ns>]/<plural>[/<name>[/<subresource>]]` to the verbs. Every request is recorded.
 */
export function createRequestListener(
  store: KubeStore,
  options: { token: string; requests: RecordedRequest[]; openResponses: Set<http.ServerResponse> },
): http.RequestListener {
  const { token, requests, openResponses } = options

  function handle(request: http.IncomingMessage, response: http.ServerResponse, text: string) {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const method = request.method ?? 'GET'
    const contentType = request.headers['content-type']?.split(';')[0]
    const body = text ? parseBody(text) : undefined
    requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      contentType,
      body,
    })

    if (request.headers.authorization !== `Bearer ${token}`)
      return sendStatus(response, 401, 'Unauthorized', 'Unauthorized')

    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
    let group: string
    let version: string
    let rest: string[]
    if (parts[0] === 'api') {
      if (parts.length === 1) return send(response, 200, { kind: 'APIVersions', versions: ['v1'] })
      group = ''
      version = parts[1]!
      rest = parts.slice(2)
    } else if (parts[0] === 'apis' && parts.length >= 3) {
      group = parts[1]!
      version = parts[2]!
      rest = parts.slice(3)
    } else if (parts[0] === 'apis') {
      return send(response, 200, discoveryGroups(store))
    } else {
      return sendStatus(response, 404, 'NotFound', 'the server could not find the requested resource')
    }

    const served = store
      .resources()
      .filter((resource) => resource.group === group && resource.version === version)
    if (rest.length === 0) {
      if (served.length === 0)
        return sendStatus(response, 404, 'NotFound', 'the server could not find the requested resource')
      return send(response, 200, {
        kind: 'APIResourceList',
        apiVersion: 'v1',
        groupVersion: group ? `${group}/${version}` : version,
        resources: served.map((resource) => ({
          name: resource.plural,
          singularName: resource.kind.toLowerCase(),
          namespaced: resource.namespaced,
          kind: resource.kind,
          verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
        })),
      })
    }

    let namespace: string | undefined
    let plural: string
    let name: string | undefined
    let subresource: string | undefined
    if (rest[0] === 'namespaces' && rest.length >= 3) {
      ;[, namespace, plural = '', name, subresource] = rest
    } else {
      ;[plural = '', name, subresource] = rest
    }
    const resource = served.find((candidate) => candidate.plural === plural)
    if (!resource)
      return sendStatus(response, 404, 'NotFound', 'the server could not find the requested resource')
    if (!resource.namespaced) namespace = undefined

    const query = url.searchParams
    if (name === undefined) {
      if (method === 'GET')
        return query.get('watch') === 'true'
          ? watch(store, request, response, resource, namespace, query, openResponses)
          : send(response, 200, listOf(store, resource, namespace, query))
      if (method === 'POST')
        return createFromRequest(store, response, resource, namespace, body, query.get('dryRun') === 'All')
      return sendStatus(response, 405, 'MethodNotAllowed', `${method} is not allowed here`)
    }

    const stored = store.get(resource, namespace, name)
    const notFound = () =>
      sendStatus(response, 404, 'NotFound', `${qualified(resource)} "${name}" not found`, resource, name)
    switch (method) {
      case 'GET':
        return stored ? send(response, 200, stored) : notFound()
      case 'PATCH':
        if (!stored) return notFound()
        return send(response, 200, patchObject(store, stored, body, contentType, subresource === 'status'))
      case 'PUT':
        if (!stored) return notFound()
        return send(response, 200, replaceObject(store, stored, body, subresource === 'status'))
      case 'DELETE':
        if (!stored) return notFound()
        return send(response, 200, deleteObject(store, stored))
      default:
        return sendStatus(response, 405, 'MethodNotAllowed', `${method} is not allowed here`)
    }
  }

  return (request, response) => {
    readBody(request)
      .then((text) => handle(request, response, text))
      .catch((error: unknown) => {
        if (!response.headersSent)
          sendStatus(response, 500, 'InternalError', error instanceof Error ? error.message : String(error))
      })
  }
}

function discoveryGroups(store: KubeStore) {
  const groups = new Map<string, Set<string>>()
  for (const resource of store.resources())
    if (resource.group)
      groups.set(resource.group, (groups.get(resource.group) ?? new Set()).add(resource.version))
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: [...groups].map(([name, versions]) => ({
      name,
      versions: [...versions].map((version) => ({ groupVersion: `${name}/${version}`, version })),
      preferredVersion: { groupVersion: `${name}/${[...versions][0]}`, version: [...versions][0] },
    })),
  }
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    // Server-side apply sends YAML.
    return loadYaml(text)
  }
}
