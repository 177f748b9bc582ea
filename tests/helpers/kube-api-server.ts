import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { dumpYaml, loadYaml } from '@kubernetes/client-node'

/**
 * A local HTTP server that speaks the Kubernetes API well enough for @kubernetes/client-node and
 * the clusterapi driver, and plays Cluster API's controllers: an in-memory management cluster.
 *
 * API: discovery (/api, /apis/<group>/<version>), namespaced and cluster-scoped create, get,
 * list (label and field selectors), watch (`?watch=true`: JSON lines of {type, object}, from a
 * resourceVersion or from the current state), merge/JSON/apply patch, replace, delete, the
 * `/status` subresource and `?dryRun=All`; 401/404/409 answers are Status objects shaped like the
 * real ones. Kinds are served from the CustomResourceDefinitions stored in it, so installing or
 * removing a provider's CRDs changes discovery and the CRD reads alike.
 *
 * Controllers (every `controllerIntervalMs`): infrastructure clusters become ready; a Cluster goes
 * Pending → Provisioning → Provisioned once its infrastructure and KubeadmControlPlane are ready;
 * KubeadmControlPlane and MachineDeployments create, remove and upgrade Machines one tick at a
 * time (Provisioning → Running, with a node name, an IP and a kubelet version) and report their
 * replicas; the control plane writes `<cluster>-kubeconfig` and `<cluster>-ca`; a
 * ClusterResourceSet reports ResourcesApplied; deleting a Cluster removes, tick by tick, its
 * workers, its control plane, its infrastructure and then itself.
 */

export type KubeObject = {
  apiVersion: string
  kind: string
  metadata: {
    name: string
    namespace?: string
    labels?: Record<string, string>
    annotations?: Record<string, string>
    resourceVersion?: string
    generation?: number
    deletionTimestamp?: string
    [key: string]: unknown
  }
  spec?: Record<string, unknown> & { [key: string]: unknown }
  status?: Record<string, unknown> & { [key: string]: unknown }
  data?: Record<string, string>
  [key: string]: unknown
}

export type RecordedRequest = {
  method: string
  path: string
  query: Record<string, string>
  contentType: string | undefined
  body: unknown
}

export type KubeApiServer = {
  url: string
  token: string
  /** A kubeconfig file (in a temporary folder) pointing at this server with the token. */
  kubeconfigPath: string
  /** Every request received, in order. */
  requests: RecordedRequest[]
  /** Stored objects of a kind (copies), optionally in one namespace. */
  objects: (kind: string, namespace?: string) => KubeObject[]
  object: (kind: string, namespace: string | undefined, name: string) => KubeObject | undefined
  installProvider: (id: InfrastructureProviderId) => void
  uninstallProvider: (id: InfrastructureProviderId) => void
  putSecret: (namespace: string, name: string, data: Record<string, string>) => void
  /** Makes a Cluster fail as its infrastructure provider would (phase Failed with this message). */
  failCluster: (namespace: string, name: string, message: string) => void
  pauseControllers: () => void
  resumeControllers: () => void
  close: () => Promise<void>
}

type Resource = { group: string; version: string; kind: string; plural: string; namespaced: boolean }

const INFRASTRUCTURE_GROUP = 'infrastructure.cluster.x-k8s.io'

/** The infrastructure providers this fake can have installed, with the kinds their CRDs define. */
export const INFRASTRUCTURE_PROVIDERS = {
  openstack: { version: 'v1beta1', kinds: ['OpenStackCluster', 'OpenStackMachineTemplate'] },
  metal3: { version: 'v1beta1', kinds: ['Metal3Cluster', 'Metal3MachineTemplate'] },
  hetzner: { version: 'v1beta1', kinds: ['HetznerCluster', 'HCloudMachineTemplate'] },
  outscale: { version: 'v1beta1', kinds: ['OscCluster', 'OscMachineTemplate'] },
  scaleway: { version: 'v1alpha1', kinds: ['ScalewayCluster', 'ScalewayMachineTemplate'] },
  aws: { version: 'v1beta2', kinds: ['AWSCluster', 'AWSMachineTemplate'] },
  gcp: { version: 'v1beta1', kinds: ['GCPCluster', 'GCPMachineTemplate'] },
  azure: { version: 'v1beta1', kinds: ['AzureCluster', 'AzureMachineTemplate'] },
  ibm: { version: 'v1beta2', kinds: ['IBMVPCCluster', 'IBMVPCMachineTemplate'] },
  huawei: { version: 'v1alpha1', kinds: ['HuaweiCloudCluster', 'HuaweiCloudMachineTemplate'] },
  alibaba: { version: 'v1beta2', kinds: ['AliyunManagedCluster'] },
  digitalocean: { version: 'v1beta1', kinds: ['DOCluster', 'DOMachineTemplate'] },
} as const
export type InfrastructureProviderId = keyof typeof INFRASTRUCTURE_PROVIDERS

const BUILT_IN: Resource[] = [
  { group: '', version: 'v1', kind: 'Namespace', plural: 'namespaces', namespaced: false },
  { group: '', version: 'v1', kind: 'Secret', plural: 'secrets', namespaced: true },
  { group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true },
  {
    group: 'apiextensions.k8s.io',
    version: 'v1',
    kind: 'CustomResourceDefinition',
    plural: 'customresourcedefinitions',
    namespaced: false,
  },
]

const CLUSTER_API_KINDS: [string, string, string[]][] = [
  ['cluster.x-k8s.io', 'v1beta1', ['Cluster', 'Machine', 'MachineSet', 'MachineDeployment']],
  ['controlplane.cluster.x-k8s.io', 'v1beta1', ['KubeadmControlPlane']],
  ['bootstrap.cluster.x-k8s.io', 'v1beta1', ['KubeadmConfig', 'KubeadmConfigTemplate']],
  ['addons.cluster.x-k8s.io', 'v1beta1', ['ClusterResourceSet']],
]

const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name'
const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane'
const DEPLOYMENT_NAME_LABEL = 'cluster.x-k8s.io/deployment-name'

const pluralOf = (kind: string) => {
  const lower = kind.toLowerCase()
  return lower.endsWith('s') ? `${lower}es` : `${lower}s`
}
const clone = <T>(value: T): T => structuredClone(value)

type Event = { resourceVersion: number; type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: KubeObject }
type Watcher = {
  resource: Resource
  namespace: string | undefined
  matches: (object: KubeObject) => boolean
  send: (event: Event) => void
}

export async function startKubeApiServer(
  options: { controllerIntervalMs?: number; providers?: InfrastructureProviderId[] } = {},
): Promise<KubeApiServer> {
  const token = randomBytes(16).toString('hex')
  const store = new Map<string, KubeObject>()
  const events: Event[] = []
  const watchers = new Set<Watcher>()
  const requests: RecordedRequest[] = []
  const failures = new Map<string, string>()
  const openResponses = new Set<http.ServerResponse>()
  let resourceVersion = 1
  let machineCount = 0
  let paused = false

  // — Storage —

  const keyOf = (resource: Resource, namespace: string | undefined, name: string) =>
    `${resource.group}/${resource.plural}/${resource.namespaced ? (namespace ?? '') : ''}/${name}`

  function resources(): Resource[] {
    const defined = [...store.values()]
      .filter((object) => object.kind === 'CustomResourceDefinition')
      .flatMap((crd) => {
        const spec = crd.spec as {
          group: string
          names: { kind: string; plural: string }
          scope: string
          versions: { name: string }[]
        }
        return spec.versions.map((version) => ({
          group: spec.group,
          version: version.name,
          kind: spec.names.kind,
          plural: spec.names.plural,
          namespaced: spec.scope === 'Namespaced',
        }))
      })
    return [...BUILT_IN, ...defined]
  }

  function resourceOf(apiVersion: string, kind: string): Resource | undefined {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion]
    return resources().find(
      (resource) => resource.group === group && resource.version === version && resource.kind === kind,
    )
  }

  function emit(type: Event['type'], object: KubeObject) {
    const event: Event = { resourceVersion, type, object: clone(object) }
    events.push(event)
    if (events.length > 20_000) events.splice(0, events.length - 20_000)
    for (const watcher of watchers) {
      if (watcherSees(watcher, object)) watcher.send(event)
    }
  }

  function watcherSees(watcher: Watcher, object: KubeObject) {
    const resource = resourceOf(object.apiVersion, object.kind)
    return (
      resource?.group === watcher.resource.group &&
      resource.plural === watcher.resource.plural &&
      (watcher.namespace === undefined || object.metadata.namespace === watcher.namespace) &&
      watcher.matches(object)
    )
  }

  /** Stores a new object (as the API server does on create) and announces it. */
  function insert(resource: Resource, object: KubeObject): KubeObject {
    resourceVersion++
    object.metadata.uid ??= randomUUID()
    object.metadata.creationTimestamp ??= new Date().toISOString()
    object.metadata.resourceVersion = String(resourceVersion)
    object.metadata.generation = 1
    store.set(keyOf(resource, object.metadata.namespace, object.metadata.name), object)
    emit('ADDED', object)
    return object
  }

  /** Applies a change to a stored object; announces it only when something changed. */
  function update(object: KubeObject, change: (object: KubeObject) => void): KubeObject {
    const before = JSON.stringify({ ...object, metadata: { ...object.metadata, resourceVersion: undefined } })
    const specBefore = JSON.stringify(object.spec ?? null)
    change(object)
    const after = JSON.stringify({ ...object, metadata: { ...object.metadata, resourceVersion: undefined } })
    if (before === after) return object
    if (JSON.stringify(object.spec ?? null) !== specBefore)
      object.metadata.generation = (object.metadata.generation ?? 1) + 1
    resourceVersion++
    object.metadata.resourceVersion = String(resourceVersion)
    emit('MODIFIED', object)
    return object
  }

  function remove(object: KubeObject) {
    const resource = resourceOf(object.apiVersion, object.kind)
    if (!resource) return
    if (!store.delete(keyOf(resource, object.metadata.namespace, object.metadata.name))) return
    resourceVersion++
    object.metadata.resourceVersion = String(resourceVersion)
    emit('DELETED', object)
  }

  function all(kind: string, namespace?: string): KubeObject[] {
    return [...store.values()].filter(
      (object) =>
        object.kind === kind && (namespace === undefined || object.metadata.namespace === namespace),
    )
  }

  function find(kind: string, namespace: string | undefined, name: string): KubeObject | undefined {
    return all(kind, namespace).find((object) => object.metadata.name === name)
  }

  function createInternal(object: KubeObject): KubeObject {
    const resource = resourceOf(object.apiVersion, object.kind)
    if (!resource) throw new Error(`The fake API server does not serve ${object.apiVersion} ${object.kind}`)
    return insert(resource, object)
  }

  function ensureNamespace(name: string) {
    if (!find('Namespace', undefined, name))
      createInternal({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, status: { phase: 'Active' } })
  }

  function crdFor(group: string, version: string, kind: string): KubeObject {
    const plural = pluralOf(kind)
    return {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `${plural}.${group}` },
      spec: {
        group,
        names: { kind, plural, singular: kind.toLowerCase(), listKind: `${kind}List` },
        scope: 'Namespaced',
        versions: [{ name: version, served: true, storage: true, subresources: { status: {} } }],
      },
    }
  }

  function installProvider(id: InfrastructureProviderId) {
    const provider = INFRASTRUCTURE_PROVIDERS[id]
    for (const kind of provider.kinds) {
      const crd = crdFor(INFRASTRUCTURE_GROUP, provider.version, kind)
      if (!find('CustomResourceDefinition', undefined, crd.metadata.name)) createInternal(crd)
    }
  }

  function uninstallProvider(id: InfrastructureProviderId) {
    for (const kind of INFRASTRUCTURE_PROVIDERS[id].kinds) {
      const crd = find('CustomResourceDefinition', undefined, `${pluralOf(kind)}.${INFRASTRUCTURE_GROUP}`)
      if (crd) remove(crd)
    }
  }

  for (const name of ['default', 'kube-system', 'capi-system']) ensureNamespace(name)
  for (const [group, version, kinds] of CLUSTER_API_KINDS)
    for (const kind of kinds) createInternal(crdFor(group, version, kind))
  for (const id of options.providers ?? (Object.keys(INFRASTRUCTURE_PROVIDERS) as InfrastructureProviderId[]))
    installProvider(id)

  // — HTTP —

  const server = http.createServer((request, response) => {
    readBody(request)
      .then((text) => handle(request, response, text))
      .catch((error: unknown) => {
        if (!response.headersSent)
          sendStatus(response, 500, 'InternalError', error instanceof Error ? error.message : String(error))
      })
  })

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
      return send(response, 200, discoveryGroups())
    } else {
      return sendStatus(response, 404, 'NotFound', 'the server could not find the requested resource')
    }

    const served = resources().filter((resource) => resource.group === group && resource.version === version)
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
          ? watch(request, response, resource, namespace, query)
          : send(response, 200, listOf(resource, namespace, query))
      if (method === 'POST')
        return createFromRequest(response, resource, namespace, body, query.get('dryRun') === 'All')
      return sendStatus(response, 405, 'MethodNotAllowed', `${method} is not allowed here`)
    }

    const key = keyOf(resource, namespace, name)
    const stored = store.get(key)
    const notFound = () =>
      sendStatus(response, 404, 'NotFound', `${qualified(resource)} "${name}" not found`, resource, name)
    switch (method) {
      case 'GET':
        return stored ? send(response, 200, stored) : notFound()
      case 'PATCH':
        if (!stored) return notFound()
        return send(response, 200, patchObject(stored, body, contentType, subresource === 'status'))
      case 'PUT':
        if (!stored) return notFound()
        return send(
          response,
          200,
          update(stored, (object) => {
            const replacement = body as KubeObject
            if (subresource === 'status') object.status = replacement.status
            else {
              object.spec = replacement.spec
              object.metadata.labels = replacement.metadata?.labels
              object.metadata.annotations = replacement.metadata?.annotations
              if (replacement.data) object.data = replacement.data
            }
          }),
        )
      case 'DELETE':
        if (!stored) return notFound()
        return send(response, 200, deleteObject(stored))
      default:
        return sendStatus(response, 405, 'MethodNotAllowed', `${method} is not allowed here`)
    }
  }

  function createFromRequest(
    response: http.ServerResponse,
    resource: Resource,
    namespace: string | undefined,
    body: unknown,
    dryRun: boolean,
  ) {
    const object = clone(body) as KubeObject | undefined
    const apiVersion = resource.group ? `${resource.group}/${resource.version}` : resource.version
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
      if (!find('Namespace', undefined, namespace ?? ''))
        return sendStatus(
          response,
          404,
          'NotFound',
          `namespaces "${namespace}" not found`,
          undefined,
          namespace,
        )
    }
    if (store.has(keyOf(resource, namespace, name)))
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
    return send(response, 201, insert(resource, object))
  }

  function patchObject(
    stored: KubeObject,
    body: unknown,
    contentType: string | undefined,
    statusOnly: boolean,
  ) {
    return update(stored, (object) => {
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
  function deleteObject(stored: KubeObject): unknown {
    if (stored.kind === 'Cluster' && stored.apiVersion.startsWith('cluster.x-k8s.io/')) {
      return update(stored, (object) => {
        object.metadata.deletionTimestamp ??= new Date().toISOString()
        object.status = { ...object.status, phase: 'Deleting' }
      })
    }
    remove(stored)
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      details: { name: stored.metadata.name },
    }
  }

  function listOf(resource: Resource, namespace: string | undefined, query: URLSearchParams) {
    const matches = selectorOf(query)
    const items = [...store.values()]
      .filter((object) => {
        const candidate = resourceOf(object.apiVersion, object.kind)
        return (
          candidate?.group === resource.group &&
          candidate.plural === resource.plural &&
          (namespace === undefined || object.metadata.namespace === namespace) &&
          matches(object)
        )
      })
      .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))
    return {
      apiVersion: resource.group ? `${resource.group}/${resource.version}` : resource.version,
      kind: `${resource.kind}List`,
      metadata: { resourceVersion: String(resourceVersion) },
      items,
    }
  }

  function watch(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    resource: Resource,
    namespace: string | undefined,
    query: URLSearchParams,
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
      for (const event of events)
        if (event.resourceVersion > Number(from) && watcherSees(watcher, event.object)) watcher.send(event)
    } else {
      for (const object of listOf(resource, namespace, query).items)
        watcher.send({ resourceVersion, type: 'ADDED', object })
    }
    watchers.add(watcher)
    const stop = () => {
      watchers.delete(watcher)
      openResponses.delete(response)
      clearTimeout(timer)
      if (!response.writableEnded) response.end()
    }
    const timeoutSeconds = Number(query.get('timeoutSeconds') ?? 300)
    const timer = setTimeout(stop, timeoutSeconds * 1000)
    request.on('close', stop)
  }

  function discoveryGroups() {
    const groups = new Map<string, Set<string>>()
    for (const resource of resources())
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

  // — Controllers —

  const ticker = setInterval(() => {
    if (!paused) reconcile()
  }, options.controllerIntervalMs ?? 100)

  function reconcile() {
    for (const kind of infrastructureClusterKinds())
      for (const object of all(kind)) reconcileInfrastructure(object)
    for (const cluster of all('Cluster')) reconcileCluster(cluster)
    for (const controlPlane of all('KubeadmControlPlane')) reconcileControlPlane(controlPlane)
    for (const deployment of all('MachineDeployment')) reconcileDeployment(deployment)
    for (const machine of all('Machine')) reconcileMachine(machine)
    for (const set of all('ClusterResourceSet')) reconcileResourceSet(set)
  }

  function infrastructureClusterKinds() {
    return Object.values(INFRASTRUCTURE_PROVIDERS).map((provider) => provider.kinds[0])
  }

  function reconcileInfrastructure(object: KubeObject) {
    if (object.status?.ready === true || object.metadata.deletionTimestamp) return
    update(object, (infrastructure) => {
      infrastructure.spec = {
        ...infrastructure.spec,
        controlPlaneEndpoint: (infrastructure.spec?.controlPlaneEndpoint as object | undefined) ?? {
          host: `${infrastructure.metadata.name}.${infrastructure.metadata.namespace}.k8s.example.test`,
          port: 6443,
        },
      }
      infrastructure.status = { ...infrastructure.status, ready: true }
    })
  }

  function clusterParts(cluster: KubeObject) {
    const namespace = cluster.metadata.namespace
    const spec = cluster.spec as {
      infrastructureRef?: { kind: string; name: string }
      controlPlaneRef?: { name: string }
    }
    return {
      infrastructure: spec.infrastructureRef
        ? find(spec.infrastructureRef.kind, namespace, spec.infrastructureRef.name)
        : undefined,
      controlPlane: spec.controlPlaneRef
        ? find('KubeadmControlPlane', namespace, spec.controlPlaneRef.name)
        : undefined,
    }
  }

  function reconcileCluster(cluster: KubeObject) {
    const namespace = cluster.metadata.namespace
    const failure = failures.get(`${namespace}/${cluster.metadata.name}`)
    if (cluster.metadata.deletionTimestamp) return deleteClusterStep(cluster)
    if (failure)
      return update(cluster, (object) => {
        object.status = {
          ...object.status,
          phase: 'Failed',
          failureReason: 'CreateError',
          failureMessage: failure,
        }
      })
    const { infrastructure, controlPlane } = clusterParts(cluster)
    update(cluster, (object) => {
      const status = { ...object.status } as Record<string, unknown>
      if (!status.phase) status.phase = 'Pending'
      else if (status.phase === 'Pending' && infrastructure) status.phase = 'Provisioning'
      if (infrastructure?.status?.ready === true) {
        status.infrastructureReady = true
        object.spec = { ...object.spec, controlPlaneEndpoint: infrastructure.spec?.controlPlaneEndpoint }
      }
      if (controlPlane?.status?.initialized === true && controlPlane.status.ready === true)
        status.controlPlaneReady = true
      if (status.phase === 'Provisioning' && status.infrastructureReady && status.controlPlaneReady)
        status.phase = 'Provisioned'
      object.status = status
    })
  }

  /** One stage per tick: workers, then the control plane, then the infrastructure, then the Cluster. */
  function deleteClusterStep(cluster: KubeObject) {
    const namespace = cluster.metadata.namespace
    const name = cluster.metadata.name
    const owned = (kind: string) =>
      all(kind, namespace).filter((object) => object.metadata.labels?.[CLUSTER_NAME_LABEL] === name)
    const machines = owned('Machine')
    const workers = [
      ...owned('MachineDeployment'),
      ...machines.filter((machine) => machine.metadata.labels?.[CONTROL_PLANE_LABEL] === undefined),
    ]
    if (workers.length > 0) return workers.forEach(remove)
    const { infrastructure, controlPlane } = clusterParts(cluster)
    const controlPlaneParts = [...(controlPlane ? [controlPlane] : []), ...machines]
    if (controlPlaneParts.length > 0) return controlPlaneParts.forEach(remove)
    const templateKinds = Object.values(INFRASTRUCTURE_PROVIDERS).flatMap((provider) =>
      provider.kinds.slice(1),
    )
    const infrastructureParts = [
      ...(infrastructure ? [infrastructure] : []),
      ...templateKinds.flatMap(owned),
      ...owned('KubeadmConfigTemplate'),
      ...[`${name}-kubeconfig`, `${name}-ca`].flatMap((secret) => find('Secret', namespace, secret) ?? []),
    ]
    if (infrastructureParts.length > 0) return infrastructureParts.forEach(remove)
    remove(cluster)
  }

  function clusterOf(namespace: string | undefined, name: string | undefined) {
    return name ? find('Cluster', namespace, name) : undefined
  }

  function reconcileControlPlane(controlPlane: KubeObject) {
    const namespace = controlPlane.metadata.namespace
    const cluster = all('Cluster', namespace).find(
      (candidate) =>
        (candidate.spec?.controlPlaneRef as { name?: string } | undefined)?.name ===
        controlPlane.metadata.name,
    )
    if (!cluster || cluster.metadata.deletionTimestamp || cluster.status?.infrastructureReady !== true) return
    const spec = controlPlane.spec as {
      replicas?: number
      version: string
      machineTemplate?: { metadata?: { labels?: Record<string, string> }; infrastructureRef?: object }
    }
    const machines = all('Machine', namespace).filter(
      (machine) =>
        machine.metadata.labels?.[CLUSTER_NAME_LABEL] === cluster.metadata.name &&
        machine.metadata.labels?.[CONTROL_PLANE_LABEL] !== undefined,
    )
    const wanted = spec.replicas ?? 1
    if (machines.length < wanted)
      createMachine(cluster, controlPlane.metadata.name, spec.version, {
        ...spec.machineTemplate?.metadata?.labels,
        [CLUSTER_NAME_LABEL]: cluster.metadata.name,
        [CONTROL_PLANE_LABEL]: '',
      })
    else if (machines.length > wanted) remove(machines[machines.length - 1]!)
    else upgradeOneMachine(machines, spec.version)

    const running = machines.filter((machine) => machine.status?.phase === 'Running')
    if (running.length > 0) writeAccessSecrets(cluster)
    const updated = running.filter((machine) => machine.spec?.version === spec.version)
    update(controlPlane, (object) => {
      object.status = {
        ...object.status,
        replicas: machines.length,
        readyReplicas: running.length,
        updatedReplicas: updated.length,
        initialized: running.length > 0 || object.status?.initialized === true,
        ready: running.length > 0,
        version:
          updated.length === machines.length && machines.length > 0 ? spec.version : lowestVersion(machines),
        observedGeneration: object.metadata.generation,
      }
    })
  }

  function reconcileDeployment(deployment: KubeObject) {
    const namespace = deployment.metadata.namespace
    const spec = deployment.spec as {
      clusterName: string
      replicas?: number
      template: { metadata?: { labels?: Record<string, string> }; spec: { version: string } }
    }
    const cluster = clusterOf(namespace, spec.clusterName)
    if (!cluster || cluster.metadata.deletionTimestamp || cluster.status?.controlPlaneReady !== true) return
    const machines = all('Machine', namespace).filter(
      (machine) => machine.metadata.labels?.[DEPLOYMENT_NAME_LABEL] === deployment.metadata.name,
    )
    const wanted = spec.replicas ?? 1
    for (let count = machines.length; count < wanted; count++)
      machines.push(
        createMachine(cluster, deployment.metadata.name, spec.template.spec.version, {
          ...spec.template.metadata?.labels,
          [CLUSTER_NAME_LABEL]: cluster.metadata.name,
          [DEPLOYMENT_NAME_LABEL]: deployment.metadata.name,
        }),
      )
    while (machines.length > wanted) remove(machines.pop()!)
    upgradeOneMachine(machines, spec.template.spec.version)
    const running = machines.filter((machine) => machine.status?.phase === 'Running')
    const updated = running.filter((machine) => machine.spec?.version === spec.template.spec.version)
    update(deployment, (object) => {
      object.status = {
        ...object.status,
        replicas: machines.length,
        readyReplicas: running.length,
        availableReplicas: running.length,
        updatedReplicas: updated.length,
        observedGeneration: object.metadata.generation,
        phase: running.length === wanted ? 'Running' : machines.length > wanted ? 'ScalingDown' : 'ScalingUp',
      }
    })
  }

  function createMachine(
    cluster: KubeObject,
    owner: string,
    version: string,
    labels: Record<string, string>,
  ) {
    machineCount++
    return createInternal({
      apiVersion: 'cluster.x-k8s.io/v1beta1',
      kind: 'Machine',
      metadata: {
        name: `${owner}-${randomBytes(3).toString('hex').slice(0, 5)}`,
        namespace: cluster.metadata.namespace,
        labels,
      },
      spec: { clusterName: cluster.metadata.name, version },
      status: {
        phase: 'Provisioning',
        addresses: [
          {
            type: 'InternalIP',
            address: `10.0.${Math.floor(machineCount / 250)}.${(machineCount % 250) + 2}`,
          },
        ],
      },
    })
  }

  /** A rolling upgrade, one machine per tick. */
  function upgradeOneMachine(machines: KubeObject[], version: string) {
    const outdated = machines.find((machine) => machine.spec?.version !== version)
    if (outdated)
      update(outdated, (machine) => {
        machine.spec = { ...machine.spec, version }
        machine.status = { ...machine.status, phase: 'Provisioning' }
      })
  }

  function reconcileMachine(machine: KubeObject) {
    if (machine.status?.phase !== 'Provisioning') return
    update(machine, (object) => {
      object.status = {
        ...object.status,
        phase: 'Running',
        nodeRef: { apiVersion: 'v1', kind: 'Node', name: object.metadata.name },
        nodeInfo: { kubeletVersion: object.spec?.version },
      }
    })
  }

  function reconcileResourceSet(set: KubeObject) {
    const selector =
      (set.spec?.clusterSelector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels ?? {}
    const provisioned = all('Cluster', set.metadata.namespace).some(
      (cluster) =>
        cluster.status?.phase === 'Provisioned' &&
        Object.entries(selector).every(([key, value]) => cluster.metadata.labels?.[key] === value),
    )
    const applied = (set.status?.conditions as { type: string }[] | undefined)?.some(
      (condition) => condition.type === 'ResourcesApplied',
    )
    if (!provisioned || applied) return
    update(set, (object) => {
      object.status = {
        ...object.status,
        conditions: [
          { type: 'ResourcesApplied', status: 'True', lastTransitionTime: new Date().toISOString() },
        ],
      }
    })
  }

  /** What Cluster API's kubeadm control plane writes once the API server answers. */
  function writeAccessSecrets(cluster: KubeObject) {
    const namespace = cluster.metadata.namespace!
    const name = cluster.metadata.name
    if (find('Secret', namespace, `${name}-kubeconfig`)) return
    const endpoint = cluster.spec?.controlPlaneEndpoint as { host: string; port: number }
    const certificate = fakeCertificate(name)
    const labels = { [CLUSTER_NAME_LABEL]: name }
    const kubeconfig = dumpYaml({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [
        {
          name,
          cluster: {
            server: `https://${endpoint.host}:${endpoint.port}`,
            'certificate-authority-data': Buffer.from(certificate).toString('base64'),
          },
        },
      ],
      users: [
        {
          name: `${name}-admin`,
          user: {
            'client-certificate-data': Buffer.from('admin certificate').toString('base64'),
            'client-key-data': Buffer.from('admin key').toString('base64'),
          },
        },
      ],
      contexts: [{ name: `${name}-admin@${name}`, context: { cluster: name, user: `${name}-admin` } }],
      'current-context': `${name}-admin@${name}`,
    })
    createInternal({
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'cluster.x-k8s.io/secret',
      metadata: { name: `${name}-kubeconfig`, namespace, labels },
      data: { value: Buffer.from(kubeconfig).toString('base64') },
    })
    createInternal({
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'kubernetes.io/tls',
      metadata: { name: `${name}-ca`, namespace, labels },
      data: {
        'tls.crt': Buffer.from(certificate).toString('base64'),
        'tls.key': Buffer.from('ca key').toString('base64'),
      },
    })
  }

  // — Start —

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const folder = await mkdtemp(path.join(os.tmpdir(), 'clusterdeck-kube-'))
  const kubeconfigPath = path.join(folder, 'kubeconfig.yaml')
  await writeFile(
    kubeconfigPath,
    dumpYaml({
      apiVersion: 'v1',
      kind: 'Config',
      // client-node refuses plain HTTP unless TLS checks are off: there is no TLS to check here.
      clusters: [{ name: 'management', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
      users: [{ name: 'clusterdeck', user: { token } }],
      contexts: [
        { name: 'management', context: { cluster: 'management', user: 'clusterdeck', namespace: 'default' } },
      ],
      'current-context': 'management',
    }),
  )

  return {
    url,
    token,
    kubeconfigPath,
    requests,
    objects: (kind, namespace) => all(kind, namespace).map(clone),
    object: (kind, namespace, name) => {
      const found = find(kind, namespace, name)
      return found && clone(found)
    },
    installProvider,
    uninstallProvider,
    putSecret: (namespace, name, data) => {
      ensureNamespace(namespace)
      const existing = find('Secret', namespace, name)
      if (existing) remove(existing)
      createInternal({
        apiVersion: 'v1',
        kind: 'Secret',
        type: 'Opaque',
        metadata: { name, namespace },
        data: Object.fromEntries(
          Object.entries(data).map(([key, value]) => [key, Buffer.from(value).toString('base64')]),
        ),
      })
    },
    failCluster: (namespace, name, message) => {
      failures.set(`${namespace}/${name}`, message)
    },
    pauseControllers: () => {
      paused = true
    },
    resumeControllers: () => {
      paused = false
    },
    close: async () => {
      clearInterval(ticker)
      for (const response of openResponses) response.end()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(folder, { recursive: true, force: true })
    },
  }
}

// — HTTP helpers —

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

function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

const qualified = (resource: Resource) =>
  resource.group ? `${resource.plural}.${resource.group}` : resource.plural

function sendStatus(
  response: http.ServerResponse,
  code: number,
  reason: string,
  message: string,
  resource?: Resource,
  name?: string,
) {
  send(response, code, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(name
      ? { details: { name, ...(resource ? { group: resource.group, kind: resource.plural } : {}) } }
      : {}),
    code,
  })
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

function lowestVersion(machines: KubeObject[]): string | undefined {
  const versions = machines.map((machine) => String(machine.spec?.version ?? '')).filter(Boolean)
  return versions.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))[0]
}

function fakeCertificate(name: string): string {
  const body = Buffer.from(
    `fake certificate authority of ${name} ${randomBytes(24).toString('hex')}`,
  ).toString('base64')
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`
}
