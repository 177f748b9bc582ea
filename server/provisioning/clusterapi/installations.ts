import type { InstallationOperationKind } from '#common/schemas/installations.ts'
import type {
  DriverInstallation,
  InstallationDriver,
  InstallationStepOutcome,
  InstallationStepRun,
  PlannedInstallationStep,
} from '../driver.ts'
import { serviceEndpoints, usernameOf } from '../installation-endpoints.ts'
import { INSTALLATION_OPERATION_STEPS } from '../simulated/installations.ts'
import type { ManagementCluster } from './management-cluster.ts'
import { CLUSTER_ID_LABEL, type KubeObject, namespaceOf, ORGANIZATION_ID_LABEL } from './render.ts'
import { runStep, unknownStep } from './step-run.ts'
import type { Timing } from './timing.ts'

/**
 * Products on Cluster API clusters, through the Cluster API Add-on Provider for Helm: one
 * HelmChartProxy per installation in the organization's namespace of the management cluster,
 * selecting the workload cluster by its id label, with the settings as its values. The provider
 * makes a HelmReleaseProxy for the selected cluster and reports the Helm release on it; its status
 * is what the steps wait for.
 */

export const ADDONS_API_VERSION = 'addons.cluster.x-k8s.io/v1alpha1'
export const HELM_CHART_PROXY_LABEL = 'helmreleaseproxy.addons.cluster.x-k8s.io/helmchartproxy-name'
export const INSTALLATION_ID_LABEL = 'clusterdeck.eu/installation-id'

/** Typical durations on a real cluster (seconds), divided by PROVISIONING_SPEED. */
const STEP_ESTIMATES: Record<string, number> = {
  prepare_namespace: 5,
  apply_release: 15,
  wait_for_ready: 90,
  publish_endpoints: 5,
  remove_release: 30,
  clean_up: 30,
}

export function helmChartProxyName(installation: Pick<DriverInstallation, 'id' | 'productId'>): string {
  return `${installation.productId}-${installation.id.replaceAll('-', '').slice(0, 8)}`
}

/** The HelmChartProxy of an installation at the version and settings the operation goes to. */
export function renderHelmChartProxy(installation: DriverInstallation): KubeObject {
  return {
    apiVersion: ADDONS_API_VERSION,
    kind: 'HelmChartProxy',
    metadata: {
      name: helmChartProxyName(installation),
      namespace: namespaceOf(installation.organizationId),
      labels: {
        [INSTALLATION_ID_LABEL]: installation.id,
        [CLUSTER_ID_LABEL]: installation.cluster.id,
        [ORGANIZATION_ID_LABEL]: installation.organizationId,
      },
    },
    spec: {
      clusterSelector: { matchLabels: { [CLUSTER_ID_LABEL]: installation.cluster.id } },
      repoURL: installation.chart.repository,
      chartName: installation.chart.name,
      version: installation.chart.version,
      releaseName: installation.productId,
      namespace: installation.namespace,
      // JSON is YAML: the settings go through as the chart's values, untouched by templating.
      valuesTemplate: JSON.stringify(installation.settings),
      options: { wait: true, install: { createNamespace: true }, upgrade: { maxHistory: 10 } },
    },
  }
}

type Condition = { type: string; status: string; reason?: string; message?: string }
type ReleaseStatus = { status?: string; revision?: number; conditions?: Condition[] }

export function createClusterApiInstallationDriver(
  management: ManagementCluster,
  timing: Timing,
): InstallationDriver {
  const refOf = (installation: DriverInstallation) => ({
    apiVersion: ADDONS_API_VERSION,
    kind: 'HelmChartProxy',
    name: helmChartProxyName(installation),
    namespace: namespaceOf(installation.organizationId),
  })
  const releases = (installation: DriverInstallation) => ({
    apiVersion: ADDONS_API_VERSION,
    kind: 'HelmReleaseProxy',
    namespace: namespaceOf(installation.organizationId),
    labelSelector: `${HELM_CHART_PROXY_LABEL}=${helmChartProxyName(installation)}`,
  })
  const listReleases = async (installation: DriverInstallation) => {
    const watched = releases(installation)
    const list = await management.list(
      watched.apiVersion,
      watched.kind,
      watched.namespace,
      watched.labelSelector,
    )
    return { ...list, watched }
  }

  /** The release proxy of the installation's cluster, read until it deploys the wanted version. */
  const releaseReady = async (installation: DriverInstallation) => {
    const { items, resourceVersion, watched } = await listReleases(installation)
    const release = items.find(
      (item) => (item.spec as { clusterRef?: { name?: string } }).clusterRef?.name !== undefined,
    )
    const status = (release?.status ?? {}) as ReleaseStatus
    const spec = (release?.spec ?? {}) as { version?: string }
    const ready = status.conditions?.find((condition) => condition.type === 'Ready')
    let outcome: InstallationStepOutcome
    if (!release)
      outcome = {
        state: 'waiting',
        retryAfterSeconds: timing.retryAfterSeconds,
        message: 'Waiting for the release',
      }
    else if (status.status === 'failed')
      outcome = { state: 'failed', reason: `The Helm release failed: ${ready?.message ?? 'no reason given'}` }
    else if (
      status.status === 'deployed' &&
      spec.version === installation.chart.version &&
      ready?.status === 'True'
    )
      outcome = {
        state: 'done',
        message: `Release ${installation.productId} deployed (revision ${status.revision ?? 1})`,
      }
    else
      outcome = {
        state: 'waiting',
        retryAfterSeconds: timing.retryAfterSeconds,
        message: `Helm release ${status.status ?? 'pending'}${ready?.message ? `: ${ready.message}` : ''}`,
      }
    return { outcome, watch: watched, resourceVersion }
  }

  const run = (
    step: InstallationStepRun,
    start: () => Promise<() => Promise<{ outcome: InstallationStepOutcome }>>,
  ) => runStep(management, timing, step, start)

  return {
    plan(kind: InstallationOperationKind): PlannedInstallationStep[] {
      return INSTALLATION_OPERATION_STEPS[kind].map((name) => ({
        name,
        estimatedSeconds: Math.max(1, Math.round((STEP_ESTIMATES[name] ?? 30) / timing.speed)),
      }))
    },

    async run(kind, installation, step) {
      const proxy = renderHelmChartProxy(installation)
      return run(step, async () => {
        switch (step.name) {
          case 'prepare_namespace':
            // The proxy creates the release's namespace on the workload cluster itself.
            return async () => ({
              outcome: { state: 'done', message: `Namespace ${installation.namespace} requested` },
            })
          case 'apply_release':
            if (kind === 'install') await management.createIfAbsent(proxy)
            else await management.mergePatch(refOf(installation), { spec: proxy.spec })
            return async () => ({
              outcome: {
                state: 'done',
                message: `HelmChartProxy ${proxy.metadata.name} at chart ${installation.chart.version}`,
              },
            })
          case 'wait_for_ready':
            return () => releaseReady(installation)
          case 'publish_endpoints':
            return async () => ({
              outcome: {
                state: 'done',
                message: 'Connection details published',
                endpoints: serviceEndpoints(installation),
                ...(installation.productKind === 'middleware' ? { username: usernameOf(installation) } : {}),
              },
            })
          case 'remove_release':
            await management.delete(refOf(installation))
            return async () => {
              const still = await management.read(refOf(installation))
              return {
                outcome: still
                  ? {
                      state: 'waiting',
                      retryAfterSeconds: timing.retryAfterSeconds,
                      message: 'Removing the release',
                    }
                  : { state: 'done', message: `HelmChartProxy ${proxy.metadata.name} deleted` },
              }
            }
          case 'clean_up':
            return async () => {
              const { items, resourceVersion, watched } = await listReleases(installation)
              return {
                outcome:
                  items.length > 0
                    ? {
                        state: 'waiting',
                        retryAfterSeconds: timing.retryAfterSeconds,
                        message: 'Uninstalling the Helm release',
                      }
                    : { state: 'done', message: 'Helm release uninstalled' },
                watch: watched,
                resourceVersion,
              }
            }
          default:
            return unknownStep(step) as never
        }
      })
    },
  }
}
