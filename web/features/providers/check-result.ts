import type { ProviderCheckResult } from '#common/schemas/providers.ts'
import type { TFunction } from '#web/lib/i18n.ts'
import '#web/lib/strings/providers.ts'

/** The check's result in one sentence: all passed, how many failed, or simulated. */
export function checkResultText(t: TFunction, check: ProviderCheckResult): string {
  const total = check.steps.length
  const failed = check.steps.filter((step) => !step.ok).length
  if (check.simulated) return t('providers.summary.simulated', { count: total })
  if (failed === 0) return t('providers.summary.ok', { count: total })
  return t('providers.summary.failed', { count: failed, total })
}
