import type { TFunction } from 'i18next'
import type { Currency, ExchangeRates } from '#common/money.ts'
import {
  COMPLIANCE_NEEDS,
  GPU_NEEDS,
  WORKLOAD_ENVIRONMENTS,
  type WorkloadAnswers,
  workloadAnswersSchema,
} from '#common/smart-suggestions.ts'

/** The questionnaire as typed: numbers stay text until they are checked. */
export type AnswerFields = {
  services: string
  peakRequestsPerSecond: string
  dataVolumeGb: string
  stateful: boolean
  gpu: (typeof GPU_NEEDS)[number]
  /** In the visitor's currency, whole units; blank for no limit. */
  monthlyBudget: string
  compliance: (typeof COMPLIANCE_NEEDS)[number]
  environment: (typeof WORKLOAD_ENVIRONMENTS)[number]
}

export const DEFAULT_ANSWERS: AnswerFields = {
  services: '5',
  peakRequestsPerSecond: '200',
  dataVolumeGb: '20',
  stateful: false,
  gpu: 'none',
  monthlyBudget: '',
  compliance: 'gdpr',
  environment: 'production',
}

export type AnswerErrors = Partial<Record<keyof AnswerFields, string>>

/**
 * The answers, checked with the shared schema; the budget is converted from the visitor's currency
 * to USD cents at today's rate (the unit every price is computed in).
 */
export function parseAnswers(
  fields: AnswerFields,
  currency: Currency,
  rates: ExchangeRates,
  t: TFunction,
): { answers: WorkloadAnswers; errors: null } | { answers: null; errors: AnswerErrors } {
  const budget = fields.monthlyBudget.trim()
  const candidate = {
    services: toNumber(fields.services),
    peakRequestsPerSecond: toNumber(fields.peakRequestsPerSecond),
    dataVolumeGb: toNumber(fields.dataVolumeGb),
    stateful: fields.stateful,
    gpu: fields.gpu,
    monthlyBudgetCents: budget === '' ? null : Math.round((toNumber(budget) * 100) / rates[currency]),
    compliance: fields.compliance,
    environment: fields.environment,
  }
  const parsed = workloadAnswersSchema.safeParse(candidate)
  if (parsed.success) return { answers: parsed.data, errors: null }
  const errors: AnswerErrors = {}
  for (const issue of parsed.error.issues) {
    const path = String(issue.path[0])
    const field = (path === 'monthlyBudgetCents' ? 'monthlyBudget' : path) as keyof AnswerFields
    if (errors[field]) continue
    if (issue.code === 'too_small')
      errors[field] = t('suggestions.errors.atLeast', {
        minimum: field === 'monthlyBudget' ? 1 : Number(issue.minimum),
      })
    else if (issue.code === 'too_big')
      errors[field] = t('suggestions.errors.atMost', { maximum: Number(issue.maximum) })
    else errors[field] = t('suggestions.errors.wholeNumber')
  }
  return { answers: null, errors }
}

function toNumber(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? Number.NaN : Number(trimmed)
}

export const ANSWERS_STORAGE_KEY = 'suggestions.answers.v1'

/** The last answers of this browser session, so coming back from the wizard keeps them. */
export function loadAnswers(): { fields: AnswerFields; submitted: boolean } {
  try {
    const stored = JSON.parse(sessionStorage.getItem(ANSWERS_STORAGE_KEY) ?? 'null') as {
      fields?: Partial<AnswerFields>
      submitted?: boolean
    } | null
    if (!stored?.fields) return { fields: DEFAULT_ANSWERS, submitted: false }
    const fields = { ...DEFAULT_ANSWERS }
    for (const key of Object.keys(DEFAULT_ANSWERS) as (keyof AnswerFields)[]) {
      const value = stored.fields[key]
      if (typeof value === typeof DEFAULT_ANSWERS[key]) Object.assign(fields, { [key]: value })
    }
    if (!GPU_NEEDS.includes(fields.gpu)) fields.gpu = DEFAULT_ANSWERS.gpu
    if (!COMPLIANCE_NEEDS.includes(fields.compliance)) fields.compliance = DEFAULT_ANSWERS.compliance
    if (!WORKLOAD_ENVIRONMENTS.includes(fields.environment)) fields.environment = DEFAULT_ANSWERS.environment
    return { fields, submitted: stored.submitted === true }
  } catch {
    return { fields: DEFAULT_ANSWERS, submitted: false }
  }
}

export function saveAnswers(fields: AnswerFields, submitted: boolean): void {
  try {
    sessionStorage.setItem(ANSWERS_STORAGE_KEY, JSON.stringify({ fields, submitted }))
  } catch {
    // Storage disabled: the answers last until the page is left.
  }
}
