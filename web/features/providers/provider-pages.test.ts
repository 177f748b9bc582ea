import { describe, expect, it } from 'vitest'
import { CHECK_PROVIDERS } from '#common/schemas/providers.ts'
import { PAGES } from '#web/lib/paths.ts'
import { PROVIDER_TEST_PAGES, providerOfPath } from './provider-pages.ts'

describe('the provider test pages', () => {
  it('finds the provider of each page, with or without a trailing slash', () => {
    expect(providerOfPath('/gcp-cluster-test')).toBe('gcp')
    expect(providerOfPath('/aws-eks-test/')).toBe('aws')
    expect(providerOfPath('/digitalocean-doks-test')).toBe('digitalocean')
    expect(providerOfPath('/oracle-oke-test')).toBeUndefined()
  })

  it('has one page per provider, each in the route table with the provider test screen', () => {
    expect(Object.keys(PROVIDER_TEST_PAGES).sort()).toEqual([...CHECK_PROVIDERS].sort())
    for (const path of Object.values(PROVIDER_TEST_PAGES)) {
      const page = PAGES.find((entry) => entry.path === path)
      expect(page, path).toMatchObject({ layout: 'plain', screen: 'routes/plain/gcp-cluster-test.tsx' })
    }
  })
})
