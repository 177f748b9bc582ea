import { CHECK_PROVIDERS, type CheckProvider } from '#common/schemas/providers.ts'

/** The provider test pages (spec §2) and the provider each checks. */
export const PROVIDER_TEST_PAGES: Record<CheckProvider, string> = {
  gcp: '/gcp-cluster-test',
  aws: '/aws-eks-test',
  azure: '/azure-aks-test',
  ibm: '/ibm-iks-test',
  huawei: '/huawei-cce-test',
  alibaba: '/alibaba-ack-test',
  digitalocean: '/digitalocean-doks-test',
}

/** The provider of a test page's path (a trailing slash allowed), or undefined. */
export function providerOfPath(pathname: string): CheckProvider | undefined {
  const path = pathname.replace(/\/+$/, '')
  return CHECK_PROVIDERS.find((provider) => PROVIDER_TEST_PAGES[provider] === path)
}
