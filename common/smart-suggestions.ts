import { z } from 'zod'
import { COMPLIANT_CLUSTER_TYPE_ID, configurationIssues, needsRestrictedCompliance } from './cluster-rules.ts'
import { monthlyPrice } from './pricing.ts'
import type {
  AddOn,
  Catalog,
  ClusterType,
  DataCenter,
  KubernetesVersion,
  NodeFlavor,
} from './schemas/catalog.ts'
import {
  type ClusterConfiguration,
  clusterConfigurationSchema,
  DEFAULT_POD_CIDR,
  DEFAULT_SERVICE_CIDR,
  MAX_NODES_PER_POOL,
  type NodePoolConfiguration,
} from './schemas/clusters.ts'

/**
 * Smart suggestions: from a few answers about a workload, a cluster configuration the wizard can
 * open, with the reason for each choice. Pure and catalog-driven, so the page and its tests agree;
 * the result always passes the shared schema and the catalog rules.
 */

export const COMPLIANCE_NEEDS = ['gdpr', 'hds', 'secnumcloud'] as const
export const GPU_NEEDS = ['none', 'inference', 'training'] as const
export const WORKLOAD_ENVIRONMENTS = ['production', 'development', 'test'] as const

export const workloadAnswersSchema = z.object({
  services: z.number().int().min(1).max(1_000),
  peakRequestsPerSecond: z.number().int().min(0).max(10_000_000),
  dataVolumeGb: z.number().int().min(0).max(10_000_000),
  stateful: z.boolean(),
  gpu: z.enum(GPU_NEEDS),
  /** The most the cluster may cost a month, USD cents; null when there is no limit. */
  monthlyBudgetCents: z.number().int().positive().nullable(),
  compliance: z.enum(COMPLIANCE_NEEDS),
  environment: z.enum(WORKLOAD_ENVIRONMENTS),
})
export type WorkloadAnswers = z.infer<typeof workloadAnswersSchema>

/** Why one part of the configuration was chosen: a translation key, its values, and English words. */
export type SuggestionReason = {
  /** The part of the configuration it explains: clusterTypeId, dataCenterCode, nodePools.0, addOnIds.monitoring, … */
  field: string
  key: string
  params: Record<string, string | number>
  message: string
}

export type Suggestion = {
  configuration: ClusterConfiguration
  reasons: SuggestionReason[]
  /** The monthly price of the configuration, USD cents. */
  monthlyCents: number
  /** True when no configuration fits the budget; the cheapest one found is proposed. */
  overBudget: boolean
}

type SuggestionCatalog = Pick<
  Catalog,
  'clusterTypes' | 'dataCenters' | 'nodeFlavors' | 'kubernetesVersions' | 'addOns'
>

/** Each vCPU serves about this many requests a second of a typical web service. */
const REQUESTS_PER_VCPU = 250
/** Memory kept hot for stateful data: about one GiB for every 25 GB stored. */
const DATA_GB_PER_RAM_GIB = 25
/** From this much data, stateful services get a pool of their own (production only). */
const DATA_POOL_MIN_GB = 100
const PRODUCTION_HEADROOM = 1.3
const STATEFUL_LABEL = { key: 'workload-type', value: 'stateful' }
const GPU_TAINT = { key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' as const }

/** How generous a plan is; suggestions go down this list until one fits the budget. */
type Plan = {
  headroom: number
  productionMinNodes: number
  optionalAddOns: boolean
  /** Use the cheaper cluster type when the workload allows it. */
  economyType: boolean
  cheapestGpu: boolean
}

const PLANS: Plan[] = [
  {
    headroom: PRODUCTION_HEADROOM,
    productionMinNodes: 3,
    optionalAddOns: true,
    economyType: false,
    cheapestGpu: false,
  },
  { headroom: 1, productionMinNodes: 3, optionalAddOns: true, economyType: false, cheapestGpu: false },
  { headroom: 1, productionMinNodes: 3, optionalAddOns: false, economyType: false, cheapestGpu: false },
  { headroom: 1, productionMinNodes: 2, optionalAddOns: false, economyType: false, cheapestGpu: true },
  { headroom: 1, productionMinNodes: 2, optionalAddOns: false, economyType: true, cheapestGpu: true },
]

export function suggestConfiguration(
  answers: WorkloadAnswers,
  catalog: SuggestionCatalog,
  options: { today?: string } = {},
): Suggestion {
  const today = options.today ?? new Date().toISOString().slice(0, 10)
  const candidates = PLANS.map((plan) => buildCandidate(answers, catalog, plan, today)).filter(
    (candidate): candidate is Candidate => candidate !== null,
  )
  const first = candidates[0]
  if (!first) throw new Error('The catalog offers no configuration for this workload')
  const budget = answers.monthlyBudgetCents
  const fitting = budget === null ? first : candidates.find((candidate) => candidate.monthlyCents <= budget)
  const cheapest = candidates.reduce((best, candidate) =>
    candidate.monthlyCents < best.monthlyCents ? candidate : best,
  )
  const chosen = fitting ?? cheapest
  const reasons = [...chosen.reasons]
  if (budget !== null) reasons.push(budgetReason(budget, chosen, first))
  return {
    configuration: chosen.configuration,
    reasons,
    monthlyCents: chosen.monthlyCents,
    overBudget: fitting === undefined,
  }
}

type Candidate = { configuration: ClusterConfiguration; reasons: SuggestionReason[]; monthlyCents: number }

function buildCandidate(
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

function chooseClusterType(
  answers: WorkloadAnswers,
  catalog: SuggestionCatalog,
  plan: Plan,
  reasons: SuggestionReason[],
): ClusterType | undefined {
  const byId = (id: string) => catalog.clusterTypes.find((type) => type.id === id)
  const pick = (id: string, key: string, message: string) => {
    const type = byId(id)
    if (type)
      reasons.push(reason('clusterTypeId', key, { type: type.name }, message.replace('{type}', type.name)))
    return type
  }
  if (answers.compliance !== 'gdpr')
    return pick(
      COMPLIANT_CLUSTER_TYPE_ID,
      `type.${answers.compliance}`,
      answers.compliance === 'hds'
        ? 'Health data (HDS) may only run on {type}, the type certified for HDS data centers.'
        : 'SecNumCloud workloads may only run on {type}, the type certified for SecNumCloud data centers.',
    )
  if (answers.gpu !== 'none')
    return pick('ai', 'type.gpu', '{type} comes with GPU node pools and the NVIDIA operator ready.')
  if (answers.environment !== 'production')
    return pick(
      'orange',
      'type.nonProduction',
      '{type} is priced for development and tests, with a shared control plane and night shutdown.',
    )
  if (answers.stateful && answers.dataVolumeGb >= DATA_POOL_MIN_GB * 5)
    return pick(
      'data',
      'type.data',
      '{type} has memory-heavy nodes and fast local storage for large data sets.',
    )
  if (plan.economyType)
    return pick('green', 'type.budget', '{type} keeps production costs down with a shared control plane.')
  return pick(
    'blue',
    'type.production',
    '{type} gives production a highly available control plane and an SLA.',
  )
}

function chooseDataCenter(
  answers: WorkloadAnswers,
  catalog: SuggestionCatalog,
  reasons: SuggestionReason[],
): DataCenter | undefined {
  const orderable = catalog.dataCenters.filter(
    (center) => center.availability !== 'coming_soon' && center.capacityStatus !== 'full',
  )
  const byPreference = (centers: DataCenter[]) =>
    [...centers].sort((a, b) => rank(a) - rank(b))[0] as DataCenter | undefined
  let chosen: DataCenter | undefined
  if (answers.compliance === 'hds')
    chosen = byPreference(orderable.filter((center) => center.complianceTags.includes('HDS')))
  else if (answers.compliance === 'secnumcloud')
    chosen = byPreference(orderable.filter((center) => center.complianceTags.includes('SecNumCloud')))
  else chosen = byPreference(orderable.filter((center) => center.inEu && !needsRestrictedCompliance(center)))
  if (chosen) {
    const messages = {
      hds: '{name} is certified HDS (Hébergeur de Données de Santé) for health data.',
      secnumcloud: '{name} is qualified SecNumCloud by ANSSI for the French public sector.',
      gdpr: '{name} is in the EU under the GDPR, with room for new clusters.',
    }
    reasons.push(
      reason(
        'dataCenterCode',
        `dataCenter.${answers.compliance}`,
        { name: chosen.name, city: chosen.city },
        messages[answers.compliance].replace('{name}', chosen.name),
      ),
    )
  }
  return chosen
}

/** Data centers with spare capacity and full availability first, then catalog order. */
function rank(center: DataCenter): number {
  return (center.availability === 'available' ? 0 : 2) + (center.capacityStatus === 'normal' ? 0 : 1)
}

function chooseVersion(
  versions: readonly KubernetesVersion[],
  today: string,
  reasons: SuggestionReason[],
): KubernetesVersion | undefined {
  const supported = versions.filter((version) => version.endOfLifeDate >= today)
  const chosen = supported.find((version) => version.isDefault) ?? supported[0]
  if (chosen)
    reasons.push(
      reason(
        'kubernetesVersion',
        'version.default',
        { version: chosen.version, endOfLife: chosen.endOfLifeDate },
        `Kubernetes ${chosen.version} is the recommended version, supported until ${chosen.endOfLifeDate}.`,
      ),
    )
  return chosen
}

type Needs = { vcpu: number; ramGib: number }

function chooseNodePools(
  answers: WorkloadAnswers,
  flavors: NodeFlavor[],
  plan: Plan,
  production: boolean,
  reasons: SuggestionReason[],
): NodePoolConfiguration[] | null {
  const cpuFlavors = flavors.filter((flavor) => flavor.gpuCount === 0)
  const minNodes = production ? plan.productionMinNodes : 1
  const headroom = production ? plan.headroom : 1
  const separateData = production && answers.stateful && answers.dataVolumeGb >= DATA_POOL_MIN_GB
  const dataRam = answers.stateful ? Math.ceil(answers.dataVolumeGb / DATA_GB_PER_RAM_GIB) : 0

  const appNeeds: Needs = {
    vcpu: Math.max(
      2,
      Math.ceil((answers.services * 0.25 + answers.peakRequestsPerSecond / REQUESTS_PER_VCPU) * headroom),
    ),
    ramGib: Math.max(
      4,
      Math.ceil(
        (answers.services * 0.5 + answers.peakRequestsPerSecond / 500 + (separateData ? 0 : dataRam)) *
          headroom,
      ),
    ),
  }
  const app = sizePool(cpuFlavors, appNeeds, minNodes)
  if (!app) return null
  const pools: NodePoolConfiguration[] = [
    {
      name: 'general',
      flavorId: app.flavor.id,
      nodeCount: app.nodes,
      autoscaling: production
        ? { enabled: true, min: app.nodes, max: Math.min(MAX_NODES_PER_POOL, app.nodes * 2) }
        : { enabled: false, min: 1, max: Math.max(1, app.nodes) },
      labels: {},
      taints: [],
    },
  ]
  reasons.push(
    reason(
      'nodePools.0',
      production ? 'pool.production' : 'pool.nonProduction',
      { nodes: app.nodes, flavor: app.flavor.name, vcpu: appNeeds.vcpu, ram: appNeeds.ramGib },
      `${app.nodes} × ${app.flavor.name} cover about ${appNeeds.vcpu} vCPU and ${appNeeds.ramGib} GiB for ${answers.services} services at ${answers.peakRequestsPerSecond} requests/s.`,
    ),
  )
  if (app.capped)
    reasons.push(
      reason(
        'nodePools.0',
        'pool.capped',
        { nodes: app.nodes },
        `This workload needs more than one pool of ${app.nodes} nodes: add pools in the wizard or talk to our architects.`,
      ),
    )
  if (production)
    reasons.push(
      reason(
        'nodePools.0.autoscaling',
        'pool.autoscaling',
        { min: app.nodes, max: pools[0]!.autoscaling.max },
        `Autoscaling between ${app.nodes} and ${pools[0]!.autoscaling.max} nodes absorbs traffic peaks; you pay for the nodes running.`,
      ),
    )

  if (separateData) {
    const memoryFirst = [...cpuFlavors].sort(
      (a, b) => Number(b.family === 'memory') - Number(a.family === 'memory'),
    )
    const dataNeeds: Needs = {
      ramGib: Math.max(16, Math.ceil(dataRam * headroom)),
      vcpu: Math.max(4, Math.ceil((dataRam * headroom) / 8)),
    }
    const data = sizePool(memoryFirst, dataNeeds, Math.max(3, minNodes))
    if (!data) return null
    pools.push({
      name: 'data',
      flavorId: data.flavor.id,
      nodeCount: data.nodes,
      autoscaling: { enabled: false, min: 1, max: data.nodes },
      labels: { [STATEFUL_LABEL.key]: STATEFUL_LABEL.value },
      taints: [{ key: STATEFUL_LABEL.key, value: STATEFUL_LABEL.value, effect: 'NoSchedule' }],
    })
    reasons.push(
      reason(
        `nodePools.${pools.length - 1}`,
        'pool.data',
        { nodes: data.nodes, flavor: data.flavor.name, data: answers.dataVolumeGb },
        `${data.nodes} × ${data.flavor.name} hold ${answers.dataVolumeGb} GB of stateful data with three replicas; a taint keeps other workloads off them.`,
      ),
    )
  }

  if (answers.gpu !== 'none') {
    const gpu = chooseGpuFlavor(flavors, answers.gpu, plan.cheapestGpu)
    if (!gpu) return null
    const nodes = answers.gpu === 'training' && production && !plan.cheapestGpu ? 2 : 1
    pools.push({
      name: 'gpu',
      flavorId: gpu.id,
      nodeCount: nodes,
      autoscaling:
        answers.gpu === 'inference'
          ? { enabled: true, min: nodes, max: Math.min(MAX_NODES_PER_POOL, nodes + 2) }
          : { enabled: false, min: 1, max: nodes },
      labels: {},
      taints: [GPU_TAINT],
    })
    reasons.push(
      reason(
        `nodePools.${pools.length - 1}`,
        `pool.gpu.${answers.gpu}`,
        { nodes, flavor: gpu.name, gpuMemory: gpu.gpuMemoryGib ?? 0 },
        answers.gpu === 'training'
          ? `${nodes} × ${gpu.name} (${gpu.gpuMemoryGib ?? 0} GB of GPU memory) for training; a taint keeps CPU work off them.`
          : `${nodes} × ${gpu.name} serve inference at the lowest GPU price; a taint keeps CPU work off them.`,
      ),
    )
  }
  return pools
}

/**
 * The cheapest flavor and count that give the needs, fewer nodes first among equal prices. When no
 * flavor gives them within a pool's node limit, the largest flavor at the limit (`capped`).
 */
function sizePool(
  flavors: NodeFlavor[],
  needs: Needs,
  minNodes: number,
): { flavor: NodeFlavor; nodes: number; capped: boolean } | undefined {
  let best: { flavor: NodeFlavor; nodes: number; cents: number } | undefined
  for (const flavor of flavors) {
    const nodes = Math.max(
      minNodes,
      Math.ceil(needs.vcpu / flavor.vcpu),
      Math.ceil(needs.ramGib / flavor.ramGib),
    )
    if (nodes > MAX_NODES_PER_POOL) continue
    const cents = nodes * flavor.hourlyPriceMillicents
    if (!best || cents < best.cents || (cents === best.cents && nodes < best.nodes))
      best = { flavor, nodes, cents }
  }
  if (best) return { flavor: best.flavor, nodes: best.nodes, capped: false }
  const largest = [...flavors].sort((a, b) => b.vcpu - a.vcpu || b.ramGib - a.ramGib)[0]
  return largest && { flavor: largest, nodes: MAX_NODES_PER_POOL, capped: true }
}

function chooseGpuFlavor(
  flavors: NodeFlavor[],
  need: 'inference' | 'training',
  cheapest: boolean,
): NodeFlavor | undefined {
  const gpus = flavors
    .filter((flavor) => flavor.gpuCount > 0)
    .sort((a, b) => a.hourlyPriceMillicents - b.hourlyPriceMillicents)
  if (need === 'inference' || cheapest) return gpus[0]
  return gpus.find((flavor) => (flavor.gpuMemoryGib ?? 0) >= 80) ?? gpus.at(-1)
}

/** Add-ons by what the workload needs; `optional` ones go first when the budget is short. */
const ADD_ON_RULES: {
  id: string
  wanted: (answers: WorkloadAnswers, production: boolean) => boolean
  optional: boolean
  message: string
}[] = [
  {
    id: 'monitoring',
    wanted: (_, production) => production,
    optional: true,
    message: 'Metrics and alerts tell you when a production service degrades.',
  },
  {
    id: 'logging',
    wanted: (answers) => answers.compliance !== 'gdpr',
    optional: false,
    message: 'Regulated data needs its access and audit logs kept and searchable.',
  },
  {
    id: 'backup',
    wanted: (answers) => answers.stateful && answers.dataVolumeGb > 0,
    optional: false,
    message: 'Stateful data needs backups kept in another region.',
  },
  {
    id: 'cert-manager',
    wanted: () => true,
    optional: false,
    message: 'Free automatic TLS certificates for every service.',
  },
  {
    id: 'gateway',
    wanted: (answers, production) => production && answers.peakRequestsPerSecond > 0,
    optional: true,
    message: 'A managed load balancer and Gateway API routes carry the incoming traffic.',
  },
  {
    id: 'service-mesh',
    wanted: (answers, production) => production && answers.services >= 20,
    optional: true,
    message: 'With many services, mutual TLS and traffic management come from the mesh.',
  },
  {
    id: 'policy',
    wanted: (answers) => answers.compliance !== 'gdpr',
    optional: false,
    message: 'Admission policies enforce the security baseline regulated hosting requires.',
  },
  {
    id: 'gpu-operator',
    wanted: (answers) => answers.gpu !== 'none',
    optional: false,
    message: 'The NVIDIA operator installs GPU drivers and exposes GPUs to pods.',
  },
]

function chooseAddOns(
  answers: WorkloadAnswers,
  catalogAddOns: readonly AddOn[],
  plan: Plan,
  production: boolean,
  reasons: SuggestionReason[],
): AddOn[] {
  const chosen: AddOn[] = []
  for (const rule of ADD_ON_RULES) {
    const addOn = catalogAddOns.find((entry) => entry.id === rule.id)
    if (!addOn || !rule.wanted(answers, production)) continue
    if (rule.optional && !plan.optionalAddOns && addOn.monthlyPriceCents > 0) continue
    chosen.push(addOn)
    reasons.push(reason(`addOnIds.${addOn.id}`, `addOn.${addOn.id}`, { name: addOn.name }, rule.message))
  }
  return chosen
}

function budgetReason(budgetCents: number, chosen: Candidate, first: Candidate): SuggestionReason {
  const params = { totalCents: chosen.monthlyCents, budgetCents }
  if (chosen.monthlyCents > budgetCents)
    return reason(
      'budget',
      'budget.exceeded',
      params,
      'No configuration for this workload fits the budget; this is the cheapest that still carries it.',
    )
  if (chosen !== first)
    return reason(
      'budget',
      'budget.trimmed',
      params,
      'Smaller nodes, fewer extras or a cheaper type keep the cluster within the budget.',
    )
  return reason('budget', 'budget.fits', params, 'The recommended configuration fits the budget.')
}

function clusterName(answers: WorkloadAnswers, type: ClusterType): string {
  const environment = { production: 'prod', development: 'dev', test: 'test' }[answers.environment]
  return `${environment}-${type.id}-cluster`.replace(/[^a-z0-9-]/g, '-')
}

function reason(
  field: string,
  key: string,
  params: Record<string, string | number>,
  message: string,
): SuggestionReason {
  return { field, key, params, message }
}
