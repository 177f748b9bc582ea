import { href, type RouteName } from '#common/routes.ts'
import { CHECK_PROVIDERS, type CheckProvider } from '#common/schemas/providers.ts'

/** The provider test pages and the provider each checks. */
const PROVIDER_TEST_ROUTES = {
  gcp: 'gcpClusterTest',
  aws: 'awsEksTest',
  azure: 'azureAksTest',
  ibm: 'ibmIksTest',
  huawei: 'huaweiCceTest',
  alibaba: 'alibabaAckTest',
  digitalocean: 'digitaloceanDoksTest',
} as const satisfies Record<CheckProvider, RouteName>

export const PROVIDER_TEST_PAGES = Object.fromEntries(
  CHECK_PROVIDERS.map((provider) => [provider, href(PROVIDER_TEST_ROUTES[provider])]),
) as Record<CheckProvider, string>

/** The provider of a test page's path (a trailing slash allowed), or undefined. */
export function providerOfPath(pathname: string): CheckProvider | undefined {
  const path = pathname.replace(/\/+$/, '')
  return CHECK_PROVIDERS.find((provider) => PROVIDER_TEST_PAGES[provider] === path)
}
