import { describe, expect, it } from 'vitest'
import { documentTitle, headTagsOf, pageUrl } from './seo.ts'

const SITE = 'https://clusterdeck.eu'

describe('pageUrl', () => {
  it('puts English at the path and French behind ?lang=fr', () => {
    expect(pageUrl(SITE, '/pricing', 'en')).toBe('https://clusterdeck.eu/pricing')
    expect(pageUrl(`${SITE}/`, '/pricing', 'fr')).toBe('https://clusterdeck.eu/pricing?lang=fr')
    expect(pageUrl(SITE, '/', 'fr')).toBe('https://clusterdeck.eu/?lang=fr')
  })
})

describe('headTagsOf', () => {
  const tags = headTagsOf(
    { title: 'Tarifs', description: 'Les prix.', canonicalPath: '/cluster-types/blue', language: 'fr' },
    SITE,
  )

  it('points the canonical URL of an alias at the page it duplicates, in its own language', () => {
    expect(tags).toContainEqual({
      tag: 'link',
      rel: 'canonical',
      href: 'https://clusterdeck.eu/cluster-types/blue?lang=fr',
    })
  })

  it('lists both languages and an x-default as absolute hreflang alternates', () => {
    const alternates = tags.filter((tag) => tag.tag === 'link' && tag.rel === 'alternate')
    expect(alternates).toEqual([
      { tag: 'link', rel: 'alternate', hreflang: 'en', href: 'https://clusterdeck.eu/cluster-types/blue' },
      {
        tag: 'link',
        rel: 'alternate',
        hreflang: 'fr',
        href: 'https://clusterdeck.eu/cluster-types/blue?lang=fr',
      },
      {
        tag: 'link',
        rel: 'alternate',
        hreflang: 'x-default',
        href: 'https://clusterdeck.eu/cluster-types/blue',
      },
    ])
  })

  it('carries the description and the Open Graph title, URL and locales', () => {
    expect(tags).toContainEqual({ tag: 'meta', name: 'description', content: 'Les prix.' })
    expect(tags).toContainEqual({ tag: 'meta', property: 'og:title', content: 'Tarifs' })
    expect(tags).toContainEqual({ tag: 'meta', property: 'og:locale', content: 'fr_FR' })
    expect(tags).toContainEqual({ tag: 'meta', property: 'og:locale:alternate', content: 'en_GB' })
  })
})

describe('documentTitle', () => {
  it('names the page, then the product', () => {
    expect(documentTitle('Pricing')).toBe('Pricing · Clusterdeck')
    expect(documentTitle('Clusterdeck')).toBe('Clusterdeck')
  })
})
