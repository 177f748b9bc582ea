import type { CheckProvider } from '#common/schemas/providers.ts'

/** Query keys of the provider checks, general to specific. */
export const providerKeys = {
  all: ['providers'] as const,
  checks: () => [...providerKeys.all, 'checks'] as const,
  check: (provider: CheckProvider) => [...providerKeys.checks(), provider] as const,
}
