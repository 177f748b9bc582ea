import { z } from 'zod'

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
