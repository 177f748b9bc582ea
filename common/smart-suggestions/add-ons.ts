import type { AddOn } from '../schemas/catalog.ts'
import type { WorkloadAnswers } from './answers.ts'
import type { Plan } from './plans.ts'
import { reason, type SuggestionReason } from './reasons.ts'

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

export function chooseAddOns(
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
