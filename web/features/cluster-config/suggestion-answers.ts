import { z } from 'zod'
import { type WorkloadQuestionnaire, workloadQuestionnaireSchema } from '#common/smart-suggestions/index.ts'
import '#web/lib/strings/suggestions.ts'

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

type StoredAnswers = { fields: WorkloadQuestionnaire; submitted: boolean }

/**
 * The answers as stored, read with the questionnaire's own choices: a field of the wrong type (an
 * entry of an older page, or tampered with) takes its default, the others are kept.
 */
const { shape } = workloadQuestionnaireSchema
const storedAnswersSchema: z.ZodType<StoredAnswers> = z.object({
  fields: z.object({
    services: z.string().catch(DEFAULT_ANSWERS.services),
    peakRequestsPerSecond: z.string().catch(DEFAULT_ANSWERS.peakRequestsPerSecond),
    dataVolumeGb: z.string().catch(DEFAULT_ANSWERS.dataVolumeGb),
    stateful: shape.stateful.catch(DEFAULT_ANSWERS.stateful),
    gpu: shape.gpu.catch(DEFAULT_ANSWERS.gpu),
    monthlyBudget: z.string().catch(DEFAULT_ANSWERS.monthlyBudget),
    compliance: shape.compliance.catch(DEFAULT_ANSWERS.compliance),
    environment: shape.environment.catch(DEFAULT_ANSWERS.environment),
  }),
  submitted: z.boolean().catch(false),
})

/** The last answers of this browser session, so coming back from the wizard keeps them. */
export function loadAnswers(
  storage: Pick<Storage, 'getItem'> | undefined = sessionStorageOrUndefined(),
): StoredAnswers {
  try {
    const parsed = storedAnswersSchema.safeParse(JSON.parse(storage?.getItem(ANSWERS_STORAGE_KEY) ?? 'null'))
    if (parsed.success) return parsed.data
  } catch {
    // Not JSON: as if nothing were stored.
  }
  return { fields: DEFAULT_ANSWERS, submitted: false }
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

export function saveAnswers(fields: WorkloadQuestionnaire, submitted: boolean): void {
  try {
    sessionStorage.setItem(ANSWERS_STORAGE_KEY, JSON.stringify({ fields, submitted }))
  } catch {
    // Storage disabled: the answers last until the page is left.
  }
}
