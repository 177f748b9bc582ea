import {
  COMPLIANCE_NEEDS,
  GPU_NEEDS,
  WORKLOAD_ENVIRONMENTS,
  type WorkloadQuestionnaire,
} from '#common/smart-suggestions/index.ts'

export const DEFAULT_ANSWERS: WorkloadQuestionnaire = {
  services: '5',
  peakRequestsPerSecond: '200',
  dataVolumeGb: '20',
  stateful: false,
  gpu: 'none',
  monthlyBudget: '',
  compliance: 'gdpr',
  environment: 'production',
}

export const ANSWERS_STORAGE_KEY = 'suggestions.answers.v1'

/** The last answers of this browser session, so coming back from the wizard keeps them. */
export function loadAnswers(): { fields: WorkloadQuestionnaire; submitted: boolean } {
  try {
    const stored = JSON.parse(sessionStorage.getItem(ANSWERS_STORAGE_KEY) ?? 'null') as {
      fields?: Partial<WorkloadQuestionnaire>
      submitted?: boolean
    } | null
    if (!stored?.fields) return { fields: DEFAULT_ANSWERS, submitted: false }
    const fields = { ...DEFAULT_ANSWERS }
    for (const key of Object.keys(DEFAULT_ANSWERS) as (keyof WorkloadQuestionnaire)[]) {
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

export function saveAnswers(fields: WorkloadQuestionnaire, submitted: boolean): void {
  try {
    sessionStorage.setItem(ANSWERS_STORAGE_KEY, JSON.stringify({ fields, submitted }))
  } catch {
    // Storage disabled: the answers last until the page is left.
  }
}
