import { COMPLIANT_CLUSTER_TYPE_ID, needsRestrictedCompliance } from '../cluster-rules.ts'
import type { ClusterType, DataCenter, KubernetesVersion } from '../schemas/catalog.ts'
import type { WorkloadAnswers } from './answers.ts'
import type { Plan, SuggestionCatalog } from './plans.ts'
import { reason, type SuggestionReason } from './reasons.ts'
import { DATA_POOL_MIN_GB } from './size-pools.ts'

/** Where and on what the workload runs: the cluster type, the data center, the Kubernetes version. */

export function chooseClusterType(
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

export function chooseDataCenter(
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

export function chooseVersion(
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
