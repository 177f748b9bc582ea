import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { dumpYaml } from '@kubernetes/client-node'
import { startControllers } from './kube-api/controllers.ts'
import { createRequestListener, type RecordedRequest } from './kube-api/http.ts'
import {
  clone,
  INFRASTRUCTURE_PROVIDERS,
  type InfrastructureProviderId,
  type KubeObject,
} from './kube-api/resources.ts'
import { KubeStore } from './kube-api/store.ts'

export type { RecordedRequest } from './kube-api/http.ts'
export {
  INFRASTRUCTURE_PROVIDERS,
  type InfrastructureProviderId,
  type KubeObject,
} from './kube-api/resources.ts'

/**
 * A local HTTP server that speaks the Kubernetes API well enough for @kubernetes/client-node and
 * the clusterapi driver, and plays Cluster API's controllers: an in-memory management cluster.
 *
 * API (kube-api/http.ts, kube-api/verbs.ts): discovery (/api, /apis/<group>/<version>), namespaced
 * and cluster-scoped create, get, list (label and field selectors), watch (`?watch=true`: JSON
 * lines of {type, object}, from a resourceVersion or from the current state), merge/JSON/apply
 * patch, replace, delete, the `/status` subresource and `?dryRun=All`; 401/404/409 answers are
 * Status objects shaped like the real ones. Kinds are served from the CustomResourceDefinitions
 * stored in it (kube-api/store.ts), so installing or removing a provider's CRDs changes discovery
 * and the CRD reads alike.
 *
 * Controllers (kube-api/controllers.ts, every `controllerIntervalMs`): infrastructure clusters
 * become ready; a Cluster goes Pending → Provisioning → Provisioned once its infrastructure and
 * KubeadmControlPlane are ready; KubeadmControlPlane and MachineDeployments create, remove and
 * upgrade Machines one tick at a time (Provisioning → Running, with a node name, an IP and a
 * kubelet version) and report their replicas; the control plane writes `<cluster>-kubeconfig` and
 * `<cluster>-ca`; a ClusterResourceSet reports ResourcesApplied; the Helm add-on provider turns
 * each HelmChartProxy into HelmReleaseProxies for the clusters it selects (kube-api/helm-controllers.ts); deleting a Cluster removes, tick
 * by tick, its workers, its control plane, its infrastructure and then itself.
 */

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
  /** Makes the Helm releases of a HelmChartProxy fail (status failed, the reason in Ready). */
  failRelease: (proxyName: string) => void
  pauseControllers: () => void
  resumeControllers: () => void
  close: () => Promise<void>
}

export async function startKubeApiServer(
  options: { controllerIntervalMs?: number; providers?: InfrastructureProviderId[] } = {},
): Promise<KubeApiServer> {
  const token = randomBytes(16).toString('hex')
  const requests: RecordedRequest[] = []
  const openResponses = new Set<http.ServerResponse>()
  const store = new KubeStore(
    options.providers ?? (Object.keys(INFRASTRUCTURE_PROVIDERS) as InfrastructureProviderId[]),
  )
  const server = http.createServer(createRequestListener(store, { token, requests, openResponses }))
  const controllers = startControllers(store, options.controllerIntervalMs ?? 100)

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const folder = await mkdtemp(path.join(os.tmpdir(), 'clusterdeck-kube-'))
  const kubeconfigPath = path.join(folder, 'kubeconfig.yaml')
  await writeFile(kubeconfigPath, managementKubeconfig(url, token))

  return {
    url,
    token,
    kubeconfigPath,
    requests,
    objects: (kind, namespace) => store.all(kind, namespace).map(clone),
    object: (kind, namespace, name) => {
      const found = store.find(kind, namespace, name)
      return found && clone(found)
    },
    installProvider: (id) => store.installProvider(id),
    uninstallProvider: (id) => store.uninstallProvider(id),
    putSecret: (namespace, name, data) => {
      store.ensureNamespace(namespace)
      const existing = store.find('Secret', namespace, name)
      if (existing) store.remove(existing)
      store.create({
        apiVersion: 'v1',
        kind: 'Secret',
        type: 'Opaque',
        metadata: { name, namespace },
        data: Object.fromEntries(
          Object.entries(data).map(([key, value]) => [key, Buffer.from(value).toString('base64')]),
        ),
      })
    },
    failCluster: controllers.failCluster,
    failRelease: controllers.failRelease,
    pauseControllers: controllers.pause,
    resumeControllers: controllers.resume,
    close: async () => {
      controllers.stop()
      for (const response of openResponses) response.end()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(folder, { recursive: true, force: true })
    },
  }
}

function managementKubeconfig(url: string, token: string): string {
  return dumpYaml({
    apiVersion: 'v1',
    kind: 'Config',
    // client-node refuses plain HTTP unless TLS checks are off: there is no TLS to check here.
    clusters: [{ name: 'management', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
    users: [{ name: 'clusterdeck', user: { token } }],
    contexts: [
      { name: 'management', context: { cluster: 'management', user: 'clusterdeck', namespace: 'default' } },
    ],
    'current-context': 'management',
  })
}
