import { billing } from '#common/contract/billing.ts'
import { dashboard } from '#common/contract/dashboard.ts'
import type { Endpoint } from '#common/contract/endpoint.ts'
import { usage } from '#common/contract/usage.ts'
import { isWithin } from '#common/routes.ts'

/** Refreshed on every navigation: the shell's counts and the billing figures shown around. */
const ALWAYS = [dashboard.sidebarCounts, billing.credits, billing.summary, billing.plans]
const ON_BILLING = [billing.paymentMethods, billing.invoices]
const ON_USAGE = [usage.get]

/** The endpoints whose cached answers (whatever their input) go stale when the app arrives on `pathname`. */
export function navigationRefreshes(pathname: string): Endpoint[] {
  const endpoints: Endpoint[] = [...ALWAYS]
  if (isWithin(pathname, 'billing')) endpoints.push(...ON_BILLING)
  if (isWithin(pathname, 'usage')) endpoints.push(...ON_USAGE)
  return endpoints
}
