import { configurationIssues } from '../cluster-rules.ts'
import { monthlyPrice } from '../pricing.ts'
import type { ClusterType } from '../schemas/catalog.ts'
import {
  type ClusterConfiguration,
  clusterConfigurationSchema,
  DEFAULT_POD_CIDR,
  DEFAULT_SERVICE_CIDR,
} from '../schemas/clusters.ts'
import { chooseAddOns } from './add-ons.ts'
import type { WorkloadAnswers } from './answers.ts'
import { chooseClusterType, chooseDataCenter, chooseVersion } from './choose-platform.ts'
import type { Plan, SuggestionCatalog } from './plans.ts'
import { reason, type SuggestionReason } from './reasons.ts'
import { chooseNodePools } from './size-pools.ts'

/** One plan's configuration for the workload, its reasons and its monthly price. */
export type Candidate = {
  configuration: ClusterConfiguration
  reasons: SuggestionReason[]
  monthlyCents: number
}

/** The plan's configuration, or null when the catalog cannot carry the workload under that plan. */
export function buildCandidate(
  answers: WorkloadAnswers,
  catalog: SuggestionCatalog,
  plan: Plan,
  today: string,
): Candidate | null {
  const production = answers.environment === 'production'
  const reasons: SuggestionReason[] = []

  const type = chooseClusterType(answers, catalog, plan, reasons)
  if (!type) return null
  const dataCenter = chooseDataCenter(answers, catalog, reasons)
  if (!dataCenter) return null
  const version = chooseVersion(catalog.kubernetesVersions, today, reasons)
  if (!version) return null

  const flavors = catalog.nodeFlavors.filter((flavor) => type.allowedFlavorIds.includes(flavor.id))
  const nodePools = chooseNodePools(answers, flavors, plan, production, reasons)
  if (!nodePools) return null

  const privateNetwork = production || answers.compliance !== 'gdpr'
  reasons.push(
    reason(
      'networking.cni',
      'networking.cilium',
      {},
      'Cilium enforces network policies with eBPF at low cost.',
    ),
    privateNetwork
      ? reason(
          'networking.privateNetwork',
          'networking.private',
          {},
          'A private network keeps nodes off the internet, as production and regulated data want.',
        )
      : reason(
          'networking.privateNetwork',
          'networking.public',
          {},
          'A public network is simpler to reach for development and tests.',
        ),
  )

  const addOns = chooseAddOns(answers, catalog.addOns, plan, production, reasons)
  const configuration = clusterConfigurationSchema.parse({
    name: clusterName(answers, type),
    clusterTypeId: type.id,
    dataCenterCode: dataCenter.code,
    kubernetesVersion: version.version,
    nodePools,
    networking: {
      cni: 'cilium',
      privateNetwork,
      podCidr: DEFAULT_POD_CIDR,
      serviceCidr: DEFAULT_SERVICE_CIDR,
      apiAllowList: [],
    },
    addOnIds: addOns.map((addOn) => addOn.id),
    maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
  })
  reasons.push(
    reason(
      'maintenanceWindow',
      production ? 'maintenance.production' : 'maintenance.other',
      {},
      production
        ? 'Patch upgrades run on Sunday at 02:00 UTC, when traffic is lowest.'
        : 'Patch upgrades run automatically; nobody depends on this cluster at night.',
    ),
  )
  if (configurationIssues(configuration, catalog, { today }).length > 0) return null
  const monthlyCents = monthlyPrice({
    clusterType: type,
    nodePools: nodePools.map((pool) => ({
      flavor: flavors.find((flavor) => flavor.id === pool.flavorId)!,
      nodeCount: pool.nodeCount,
    })),
    addOns,
  }).totalCents
  return { configuration, reasons, monthlyCents }
}

function clusterName(answers: WorkloadAnswers, type: ClusterType): string {
  const environment = { production: 'prod', development: 'dev', test: 'test' }[answers.environment]
  return `${environment}-${type.id}-cluster`.replace(/[^a-z0-9-]/g, '-')
}
