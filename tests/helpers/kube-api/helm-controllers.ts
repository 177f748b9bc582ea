import type { KubeObject } from './resources.ts'
import type { KubeStore } from './store.ts'

/**
 * The Cluster API Add-on Provider for Helm, one reconcile per tick: each HelmChartProxy gets a
 * HelmReleaseProxy for every Cluster its selector matches (labelled with the proxy's name); a
 * release proxy whose spec changed is "upgraded" (pending-upgrade, then deployed with the next
 * revision); one whose proxy is gone is uninstalled and removed.
 */

export const HELM_CHART_PROXY_LABEL = 'helmreleaseproxy.addons.cluster.x-k8s.io/helmchartproxy-name'
const ADDONS_API_VERSION = 'addons.cluster.x-k8s.io/v1alpha1'

type ProxySpec = {
  clusterSelector?: { matchLabels?: Record<string, string> }
  repoURL?: string
  chartName?: string
  version?: string
  releaseName?: string
  namespace?: string
  valuesTemplate?: string
}

export function reconcileHelm(store: KubeStore, failing: Set<string>) {
  for (const proxy of store.all('HelmChartProxy')) reconcileProxy(store, proxy)
  for (const release of store.all('HelmReleaseProxy')) reconcileRelease(store, release, failing)
}

function reconcileProxy(store: KubeStore, proxy: KubeObject) {
  const spec = proxy.spec as ProxySpec
  const selector = spec.clusterSelector?.matchLabels ?? {}
  const namespace = proxy.metadata.namespace
  const clusters = store
    .all('Cluster', namespace)
    .filter((cluster) =>
      Object.entries(selector).every(([key, value]) => cluster.metadata.labels?.[key] === value),
    )
  for (const cluster of clusters) {
    const name = `${proxy.metadata.name}-${cluster.metadata.name}`.slice(0, 63)
    const wanted = {
      clusterRef: { apiVersion: cluster.apiVersion, kind: 'Cluster', name: cluster.metadata.name, namespace },
      repoURL: spec.repoURL,
      chartName: spec.chartName,
      releaseName: spec.releaseName,
      namespace: spec.namespace,
      version: spec.version,
      values: spec.valuesTemplate,
    }
    const existing = store.find('HelmReleaseProxy', namespace, name)
    if (!existing) {
      store.create({
        apiVersion: ADDONS_API_VERSION,
        kind: 'HelmReleaseProxy',
        metadata: {
          name,
          namespace,
          labels: {
            [HELM_CHART_PROXY_LABEL]: proxy.metadata.name,
            'cluster.x-k8s.io/cluster-name': cluster.metadata.name ?? '',
          },
        },
        spec: wanted,
        status: {
          status: 'pending-install',
          conditions: [{ type: 'Ready', status: 'False', reason: 'Installing' }],
        },
      })
      continue
    }
    if (JSON.stringify(existing.spec) !== JSON.stringify(wanted))
      store.update(existing, (release) => {
        release.spec = wanted
        release.status = {
          ...release.status,
          status: 'pending-upgrade',
          conditions: [{ type: 'Ready', status: 'False', reason: 'Upgrading' }],
        }
      })
  }
}

function reconcileRelease(store: KubeStore, release: KubeObject, failing: Set<string>) {
  const proxyName = release.metadata.labels?.[HELM_CHART_PROXY_LABEL]
  if (!proxyName || !store.find('HelmChartProxy', release.metadata.namespace, proxyName)) {
    store.remove(release)
    return
  }
  const status = release.status as { status?: string; revision?: number }
  if (status.status !== 'pending-install' && status.status !== 'pending-upgrade') return
  const message = failing.has(proxyName) ? 'Image pull failed: ErrImagePull' : undefined
  store.update(release, (object) => {
    object.status = message
      ? {
          ...status,
          status: 'failed',
          conditions: [{ type: 'Ready', status: 'False', reason: 'HelmInstallOrUpgradeFailed', message }],
        }
      : {
          status: 'deployed',
          revision: (status.revision ?? 0) + 1,
          conditions: [{ type: 'Ready', status: 'True' }],
        }
  })
}
