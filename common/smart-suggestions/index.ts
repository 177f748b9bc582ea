import type { ClusterConfiguration } from '../schemas/clusters.ts'
import type { WorkloadAnswers } from './answers.ts'
import { buildCandidate, type Candidate } from './candidate.ts'
import { PLANS, type SuggestionCatalog } from './plans.ts'
import { reason, type SuggestionReason } from './reasons.ts'

/**
 * Smart suggestions: from a few answers about a workload, a cluster configuration the wizard can
 * open, with the reason for each choice. Pure and catalog-driven, so the page and its tests agree;
 * the result always passes the shared schema and the catalog rules. The choices themselves live in
 * this folder's other files: the platform (type, data center, version), the node pools, the add-ons.
 */

export {
  answersOf,
  COMPLIANCE_NEEDS,
  GPU_NEEDS,
  WORKLOAD_ENVIRONMENTS,
  type WorkloadAnswers,
  type WorkloadQuestionnaire,
  workloadAnswersSchema,
  workloadQuestionnaireSchema,
} from './answers.ts'
export type { SuggestionReason } from './reasons.ts'

export type Suggestion = {
  configuration: ClusterConfiguration
  reasons: SuggestionReason[]
  /** The monthly price of the configuration, USD cents. */
  monthlyCents: number
  /** True when no configuration fits the budget; the cheapest one found is proposed. */
  overBudget: boolean
}

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
