import { z } from 'zod'
import type { Currency, ExchangeRates } from '../money.ts'
import { usdCentsOf } from '../pricing.ts'
import { check } from '../validation-messages.ts'

/** The questions of the smart suggestions page, as the suggestion reads them. */

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

/** A whole number typed in a field, within bounds. */
const typedWholeNumber = (minimum: number, maximum: number) =>
  z
    .string()
    .trim()
    .min(1, check('wholeNumber'))
    .pipe(
      z.coerce
        .number<string>(check('wholeNumber'))
        .int(check('wholeNumber'))
        .min(minimum, check('atLeast', { minimum }))
        .max(maximum, check('atMost', { maximum })),
    )

/**
 * The questionnaire as a person fills it in: numbers typed as text, the budget in whole units of
 * their currency (blank for no limit). `answersOf` turns it into the answers the suggestion reads.
 */
export const workloadQuestionnaireSchema = z.object({
  services: typedWholeNumber(1, 1_000),
  peakRequestsPerSecond: typedWholeNumber(0, 10_000_000),
  dataVolumeGb: typedWholeNumber(0, 10_000_000),
  stateful: z.boolean(),
  gpu: z.enum(GPU_NEEDS),
  monthlyBudget: z
    .string()
    .trim()
    .pipe(z.union([z.literal('').transform(() => null), typedWholeNumber(1, 100_000_000)])),
  compliance: z.enum(COMPLIANCE_NEEDS),
  environment: z.enum(WORKLOAD_ENVIRONMENTS),
})
export type WorkloadQuestionnaire = z.input<typeof workloadQuestionnaireSchema>

/** The checked questionnaire as the suggestion's answers, the budget in USD cents at today's rates. */
export function answersOf(
  questionnaire: z.output<typeof workloadQuestionnaireSchema>,
  currency: Currency,
  rates: ExchangeRates,
): WorkloadAnswers {
  const { monthlyBudget, ...answers } = questionnaire
  return {
    ...answers,
    monthlyBudgetCents: monthlyBudget === null ? null : usdCentsOf(monthlyBudget, currency, rates),
  }
}
