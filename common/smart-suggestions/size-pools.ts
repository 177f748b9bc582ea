import type { NodeFlavor } from '../schemas/catalog.ts'
import { MAX_NODES_PER_POOL, type NodePoolConfiguration } from '../schemas/clusters.ts'
import type { WorkloadAnswers } from './answers.ts'
import type { Plan } from './plans.ts'
import { reason, type SuggestionReason } from './reasons.ts'

/** Each vCPU serves about this many requests a second of a typical web service. */
const REQUESTS_PER_VCPU = 250
/** Memory kept hot for stateful data: about one GiB for every 25 GB stored. */
const DATA_GB_PER_RAM_GIB = 25
/** From this much data, stateful services get a pool of their own (production only). */
export const DATA_POOL_MIN_GB = 100
const STATEFUL_LABEL = { key: 'workload-type', value: 'stateful' }
const GPU_TAINT = { key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' as const }

type Needs = { vcpu: number; ramGib: number }

/** The node pools the workload needs: a general pool, then a data pool and a GPU pool when it asks. */
export function chooseNodePools(
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
