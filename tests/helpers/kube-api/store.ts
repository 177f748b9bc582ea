import { randomUUID } from 'node:crypto'
import {
  BUILT_IN,
  CLUSTER_API_KINDS,
  clone,
  crdFor,
  INFRASTRUCTURE_GROUP,
  INFRASTRUCTURE_PROVIDERS,
  type InfrastructureProviderId,
  type KubeObject,
  pluralOf,
  type Resource,
} from './resources.ts'

export type KubeEvent = {
  resourceVersion: number
  type: 'ADDED' | 'MODIFIED' | 'DELETED'
  object: KubeObject
}
export type Watcher = {
  resource: Resource
  namespace: string | undefined
  matches: (object: KubeObject) => boolean
  send: (event: KubeEvent) => void
}

/** Events kept for watches that resume from a resourceVersion. */
const EVENT_HISTORY = 20_000

/**
 * The fake's etcd: objects by resource, namespace and name, one resourceVersion counter, the
 * recent events, and the watchers to tell of each new one. Kinds are served from the
 * CustomResourceDefinitions stored here, as a real API server serves them.
 */
export class KubeStore {
  private readonly objects = new Map<string, KubeObject>()
  private readonly events: KubeEvent[] = []
  private readonly watchers = new Set<Watcher>()
  private version = 1

  constructor(providers: InfrastructureProviderId[]) {
    for (const name of ['default', 'kube-system', 'capi-system']) this.ensureNamespace(name)
    for (const [group, version, kinds] of CLUSTER_API_KINDS)
      for (const kind of kinds) this.create(crdFor(group, version, kind))
    for (const id of providers) this.installProvider(id)
  }

  get resourceVersion(): number {
    return this.version
  }

  resources(): Resource[] {
    const defined = [...this.objects.values()]
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

  resourceOf(apiVersion: string, kind: string): Resource | undefined {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion]
    return this.resources().find(
      (resource) => resource.group === group && resource.version === version && resource.kind === kind,
    )
  }

  get(resource: Resource, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.objects.get(keyOf(resource, namespace, name))
  }

  has(resource: Resource, namespace: string | undefined, name: string): boolean {
    return this.objects.has(keyOf(resource, namespace, name))
  }

  /** Objects of one resource (by group and plural), in one namespace or all. */
  list(resource: Resource, namespace: string | undefined): KubeObject[] {
    return [...this.objects.values()].filter((object) => {
      const candidate = this.resourceOf(object.apiVersion, object.kind)
      return (
        candidate?.group === resource.group &&
        candidate.plural === resource.plural &&
        (namespace === undefined || object.metadata.namespace === namespace)
      )
    })
  }

  all(kind: string, namespace?: string): KubeObject[] {
    return [...this.objects.values()].filter(
      (object) =>
        object.kind === kind && (namespace === undefined || object.metadata.namespace === namespace),
    )
  }

  find(kind: string, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.all(kind, namespace).find((object) => object.metadata.name === name)
  }

  /** Stores a new object (as the API server does on create) and announces it. */
  insert(resource: Resource, object: KubeObject): KubeObject {
    this.version++
    object.metadata.uid ??= randomUUID()
    object.metadata.creationTimestamp ??= new Date().toISOString()
    object.metadata.resourceVersion = String(this.version)
    object.metadata.generation = 1
    this.objects.set(keyOf(resource, object.metadata.namespace, object.metadata.name), object)
    this.emit('ADDED', object)
    return object
  }

  /** Stores an object the fake itself makes (a controller's, a test's). */
  create(object: KubeObject): KubeObject {
    const resource = this.resourceOf(object.apiVersion, object.kind)
    if (!resource) throw new Error(`The fake API server does not serve ${object.apiVersion} ${object.kind}`)
    return this.insert(resource, object)
  }

  /** Applies a change to a stored object; announces it only when something changed. */
  update(object: KubeObject, change: (object: KubeObject) => void): KubeObject {
    const before = JSON.stringify({ ...object, metadata: { ...object.metadata, resourceVersion: undefined } })
    const specBefore = JSON.stringify(object.spec ?? null)
    change(object)
    const after = JSON.stringify({ ...object, metadata: { ...object.metadata, resourceVersion: undefined } })
    if (before === after) return object
    if (JSON.stringify(object.spec ?? null) !== specBefore)
      object.metadata.generation = (object.metadata.generation ?? 1) + 1
    this.version++
    object.metadata.resourceVersion = String(this.version)
    this.emit('MODIFIED', object)
    return object
  }

  remove(object: KubeObject) {
    const resource = this.resourceOf(object.apiVersion, object.kind)
    if (!resource) return
    if (!this.objects.delete(keyOf(resource, object.metadata.namespace, object.metadata.name))) return
    this.version++
    object.metadata.resourceVersion = String(this.version)
    this.emit('DELETED', object)
  }

  ensureNamespace(name: string) {
    if (!this.find('Namespace', undefined, name))
      this.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, status: { phase: 'Active' } })
  }

  installProvider(id: InfrastructureProviderId) {
    const provider = INFRASTRUCTURE_PROVIDERS[id]
    for (const kind of provider.kinds) {
      const crd = crdFor(INFRASTRUCTURE_GROUP, provider.version, kind)
      if (!this.find('CustomResourceDefinition', undefined, crd.metadata.name)) this.create(crd)
    }
  }

  uninstallProvider(id: InfrastructureProviderId) {
    for (const kind of INFRASTRUCTURE_PROVIDERS[id].kinds) {
      const crd = this.find(
        'CustomResourceDefinition',
        undefined,
        `${pluralOf(kind)}.${INFRASTRUCTURE_GROUP}`,
      )
      if (crd) this.remove(crd)
    }
  }

  /** The recent events after a resourceVersion, for a watch that resumes from it. */
  eventsAfter(resourceVersion: number): KubeEvent[] {
    return this.events.filter((event) => event.resourceVersion > resourceVersion)
  }

  watch(watcher: Watcher): () => void {
    this.watchers.add(watcher)
    return () => this.watchers.delete(watcher)
  }

  /** Whether a watcher is told of this object: its resource, its namespace, its selectors. */
  watcherSees(watcher: Watcher, object: KubeObject) {
    const resource = this.resourceOf(object.apiVersion, object.kind)
    return (
      resource?.group === watcher.resource.group &&
      resource.plural === watcher.resource.plural &&
      (watcher.namespace === undefined || object.metadata.namespace === watcher.namespace) &&
      watcher.matches(object)
    )
  }

  private emit(type: KubeEvent['type'], object: KubeObject) {
    const event: KubeEvent = { resourceVersion: this.version, type, object: clone(object) }
    this.events.push(event)
    if (this.events.length > EVENT_HISTORY) this.events.splice(0, this.events.length - EVENT_HISTORY)
    for (const watcher of this.watchers) {
      if (this.watcherSees(watcher, object)) watcher.send(event)
    }
  }
}

const keyOf = (resource: Resource, namespace: string | undefined, name: string) =>
  `${resource.group}/${resource.plural}/${resource.namespaced ? (namespace ?? '') : ''}/${name}`
