import {
  ApiException,
  ApiextensionsV1Api,
  CoreV1Api,
  KubeConfig,
  type KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
  Watch,
} from '@kubernetes/client-node'
import { pluralOf } from './providers.ts'
import { CLUSTER_ID_LABEL, type KubeObject } from './render.ts'

/**
 * The Cluster API management cluster, reached through @kubernetes/client-node: the few calls the
 * driver makes, with the API's answers turned into values (absent, exists, belongs to another).
 */

const FIELD_MANAGER = 'clusterdeck'
/** No single call to the management cluster may hold a step (or a page) longer than this. */
const REQUEST_TIMEOUT_MS = 15_000

export type ObjectRef = { apiVersion: string; kind: string; name: string; namespace?: string }

/** The API refused for a reason that will not go away by asking again (400, 403, 404, 409, 422). */
export class KubernetesRefusal extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.name = 'KubernetesRefusal'
    this.status = status
  }
}

/** An object with our name exists but belongs to another Clusterdeck cluster. */
export class OwnershipConflict extends Error {
  constructor(object: ObjectRef) {
    super(
      `${object.kind} ${object.namespace ?? ''}/${object.name} already exists in the management cluster and belongs to another cluster`,
    )
    this.name = 'OwnershipConflict'
  }
}

/** The kubeconfig of the management cluster cannot be read: nothing will work until it is fixed. */
export class KubeconfigUnavailable extends Error {
  constructor(path: string | undefined, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(
      `The management cluster's kubeconfig (${path ?? 'KUBECONFIG is not set'}) cannot be used: ${reason}`,
    )
    this.name = 'KubeconfigUnavailable'
  }
}

export class ManagementCluster {
  private readonly kubeconfigPath: string | undefined
  private clients:
    | { config: KubeConfig; objects: KubernetesObjectApi; core: CoreV1Api; extensions: ApiextensionsV1Api }
    | undefined

  constructor(kubeconfigPath: string | undefined) {
    this.kubeconfigPath = kubeconfigPath
  }

  /** Read lazily: a server configured for Cluster API still starts when the file is not there yet. */
  private get api() {
    if (!this.clients) {
      const config = new KubeConfig()
      try {
        if (this.kubeconfigPath) config.loadFromFile(this.kubeconfigPath)
        else config.loadFromDefault()
        if (!config.getCurrentCluster()) throw new Error('it names no current cluster')
      } catch (error) {
        throw new KubeconfigUnavailable(this.kubeconfigPath, error)
      }
      this.clients = {
        config,
        objects: KubernetesObjectApi.makeApiClient(config),
        core: config.makeApiClient(CoreV1Api),
        extensions: config.makeApiClient(ApiextensionsV1Api),
      }
    }
    return this.clients
  }

  /** The API server's address, for messages. */
  get server(): string {
    return this.api.config.getCurrentCluster()?.server ?? 'unknown'
  }

  /**
   * Creates the object unless it exists (409 is success: the same step ran before). An existing
   * object labelled for another cluster is never taken over.
   */
  async createIfAbsent(object: KubeObject): Promise<'created' | 'exists'> {
    try {
      await call(() => this.api.objects.create(clone(object), undefined, undefined, FIELD_MANAGER))
      return 'created'
    } catch (error) {
      if (!(error instanceof KubernetesRefusal) || error.status !== 409) throw error
    }
    const existing = await this.read(refOf(object))
    const ownerId = object.metadata.labels?.[CLUSTER_ID_LABEL]
    if (ownerId && existing && existing.metadata.labels?.[CLUSTER_ID_LABEL] !== ownerId)
      throw new OwnershipConflict(refOf(object))
    return 'exists'
  }

  /** The object, or undefined when the API answers 404. */
  async read(ref: ObjectRef): Promise<KubeObject | undefined> {
    try {
      return (await call(() =>
        this.api.objects.read({
          apiVersion: ref.apiVersion,
          kind: ref.kind,
          metadata: { name: ref.name, namespace: ref.namespace },
        }),
      )) as KubeObject
    } catch (error) {
      if (error instanceof KubernetesRefusal && error.status === 404) return undefined
      throw error
    }
  }

  /** The objects of a kind in a namespace with these labels, and the list's resourceVersion. */
  async list(
    apiVersion: string,
    kind: string,
    namespace: string,
    labelSelector: string,
  ): Promise<{ items: KubeObject[]; resourceVersion: string | undefined }> {
    try {
      const list = await call(() =>
        this.api.objects.list(
          apiVersion,
          kind,
          namespace,
          undefined,
          undefined,
          undefined,
          undefined,
          labelSelector,
        ),
      )
      return { items: list.items as KubeObject[], resourceVersion: list.metadata?.resourceVersion }
    } catch (error) {
      // A namespace that does not exist yet holds nothing.
      if (error instanceof KubernetesRefusal && error.status === 404)
        return { items: [], resourceVersion: undefined }
      throw error
    }
  }

  async mergePatch(ref: ObjectRef, patch: Record<string, unknown>): Promise<KubeObject> {
    const body = {
      ...patch,
      apiVersion: ref.apiVersion,
      kind: ref.kind,
      metadata: { ...(patch.metadata as object | undefined), name: ref.name, namespace: ref.namespace },
    }
    return (await call(() =>
      this.api.objects.patch(body, undefined, undefined, FIELD_MANAGER, undefined, PatchStrategy.MergePatch),
    )) as KubeObject
  }

  /** Asks for deletion; an object already gone is fine. */
  async delete(ref: ObjectRef): Promise<void> {
    try {
      await call(() =>
        this.api.objects.delete({
          apiVersion: ref.apiVersion,
          kind: ref.kind,
          metadata: { name: ref.name, namespace: ref.namespace },
        }),
      )
    } catch (error) {
      if (error instanceof KubernetesRefusal && error.status === 404) return
      throw error
    }
  }

  /** Sends the object with `?dryRun=All`: admission and validation run, nothing is stored. */
  async dryRunCreate(object: KubeObject): Promise<void> {
    await call(() => this.api.objects.create(clone(object), undefined, 'All', FIELD_MANAGER))
  }

  /** A Secret's data, decoded; undefined when there is no such Secret. */
  async readSecret(namespace: string, name: string): Promise<Record<string, string> | undefined> {
    try {
      const secret = await call(() => this.api.core.readNamespacedSecret({ name, namespace }))
      return Object.fromEntries(
        Object.entries(secret.data ?? {}).map(([key, value]) => [
          key,
          Buffer.from(value, 'base64').toString('utf8'),
        ]),
      )
    } catch (error) {
      if (error instanceof KubernetesRefusal && error.status === 404) return undefined
      throw error
    }
  }

  /** Whether a CustomResourceDefinition is installed (GET …/customresourcedefinitions/<name>). */
  async crdInstalled(name: string): Promise<boolean> {
    try {
      await call(() => this.api.extensions.readCustomResourceDefinition({ name }))
      return true
    } catch (error) {
      if (error instanceof KubernetesRefusal && error.status === 404) return false
      throw error
    }
  }

  /**
   * Watches a kind's objects with these labels from `resourceVersion` and resolves on the first
   * change, or after `timeoutMs` with nothing. Steps use it to answer as soon as a controller
   * moves, instead of polling blindly.
   */
  async waitForChange(
    watched: { apiVersion: string; kind: string; namespace: string; labelSelector: string },
    resourceVersion: string | undefined,
    timeoutMs: number,
  ): Promise<void> {
    if (timeoutMs <= 0) return
    const root = watched.apiVersion.includes('/') ? 'apis' : 'api'
    const path = `/${root}/${watched.apiVersion}/namespaces/${watched.namespace}/${pluralOf(watched.kind)}`
    const watch = new Watch(this.api.config)
    await new Promise<void>((resolve) => {
      let controller: AbortController | undefined
      let finished = false
      const finish = () => {
        if (finished) return
        finished = true
        clearTimeout(timer)
        controller?.abort()
        resolve()
      }
      const timer = setTimeout(finish, timeoutMs)
      watch
        .watch(
          path,
          {
            labelSelector: watched.labelSelector,
            resourceVersion,
            timeoutSeconds: Math.max(1, Math.ceil(timeoutMs / 1000)),
          },
          finish,
          // A closed or failed watch only ends the wait: the step reads the objects again anyway.
          finish,
        )
        .then((started) => {
          controller = started
          if (finished) started.abort()
        }, finish)
    })
  }
}

export function refOf(object: KubeObject): ObjectRef {
  return {
    apiVersion: object.apiVersion,
    kind: object.kind,
    name: object.metadata.name,
    namespace: object.metadata.namespace,
  }
}

/**
 * One call with a time-out; the API's refusals become KubernetesRefusal with the Status message,
 * anything else (network, 5xx) stays an Error the step treats as passing.
 */
async function call<T>(request: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The management cluster did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`)),
      REQUEST_TIMEOUT_MS,
    )
  })
  try {
    return await Promise.race([request(), timeout])
  } catch (error) {
    throw normalised(error)
  } finally {
    clearTimeout(timer)
  }
}

function normalised(error: unknown): unknown {
  if (error instanceof ApiException) {
    const message = statusMessage(error.body) ?? `The management cluster answered ${error.code}`
    return error.code >= 400 && error.code < 500 && error.code !== 429
      ? new KubernetesRefusal(error.code, message)
      : new Error(message)
  }
  // KubernetesObjectApi throws a plain Error when discovery does not know a kind: its CRD is missing.
  if (error instanceof Error && /^Unrecognized API version and kind/.test(error.message))
    return new KubernetesRefusal(404, error.message)
  return error
}

function statusMessage(body: unknown): string | undefined {
  const parsed = typeof body === 'string' ? safeJson(body) : body
  const message = (parsed as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && message ? message : undefined
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** client-node fills in defaults on the object it is given; ours stay as rendered. */
function clone<T extends KubernetesObject>(object: T): T {
  return structuredClone(object)
}
