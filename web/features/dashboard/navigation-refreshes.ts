import { isWithin } from '#common/routes.ts'

/** Cached API paths refreshed on every navigation (spec §7). */
const ALWAYS = ['/api/sidebar-counts', '/api/billing/credits', '/api/billing/summary', '/api/billing/plans']
const ON_BILLING = ['/api/billing/payment-methods', '/api/billing/invoices']
const ON_USAGE = ['/api/usage']

/** The query keys (API paths) to invalidate when the app arrives on `pathname`. */
export function navigationInvalidationKeys(pathname: string): string[][] {
  const paths = [...ALWAYS]
  if (isWithin(pathname, 'billing')) paths.push(...ON_BILLING)
  if (isWithin(pathname, 'usage')) paths.push(...ON_USAGE)
  return paths.map((path) => [path])
}
