import { z } from 'zod'

/**
 * The provider checks (GET /api/providers/:provider/check): whether clusters can be built at a
 * public cloud through the provisioning driver, shown on the seven provider test pages.
 */

export const CHECK_PROVIDERS = ['gcp', 'aws', 'azure', 'ibm', 'huawei', 'alibaba', 'digitalocean'] as const
export type CheckProvider = (typeof CHECK_PROVIDERS)[number]

/** Product names stay as the vendors write them, in every language. */
export const CHECK_PROVIDER_NAMES: Record<CheckProvider, { cloud: string; service: string }> = {
  gcp: { cloud: 'Google Cloud', service: 'GKE' },
  aws: { cloud: 'Amazon Web Services', service: 'EKS' },
  azure: { cloud: 'Microsoft Azure', service: 'AKS' },
  ibm: { cloud: 'IBM Cloud', service: 'IKS' },
  huawei: { cloud: 'Huawei Cloud', service: 'CCE' },
  alibaba: { cloud: 'Alibaba Cloud', service: 'ACK' },
  digitalocean: { cloud: 'DigitalOcean', service: 'DOKS' },
}

export function isCheckProvider(value: string): value is CheckProvider {
  return (CHECK_PROVIDERS as readonly string[]).includes(value)
}

/** The steps every check runs, in order (their names are stable ids the web app translates). */
export const PROVIDER_CHECK_STEPS = ['infrastructure_provider', 'credentials', 'dry_run'] as const

export const PROVISIONING_DRIVERS = ['simulated', 'clusterapi'] as const

/** Any text: an unknown provider is a 404 with a message, not a validation error. */
export const providerCheckParamsSchema = z.object({ provider: z.string().min(1).max(40) })

export const providerCheckStepSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  /** What was looked at and what was found, in the management cluster's own terms. */
  detail: z.string(),
})

export const providerCheckSchema = z.object({
  provider: z.enum(CHECK_PROVIDERS),
  driver: z.enum(PROVISIONING_DRIVERS),
  /** True when the configured driver is simulated: the steps say what would be checked. */
  simulated: z.boolean(),
  ok: z.boolean(),
  steps: z.array(providerCheckStepSchema),
  checkedAt: z.iso.datetime({ offset: true }),
  durationMs: z.number().int().nonnegative(),
})
export type ProviderCheckStepResult = z.infer<typeof providerCheckStepSchema>
export type ProviderCheckResult = z.infer<typeof providerCheckSchema>
