import { describe, expect, it } from 'vitest'
import { CLUSTER_TYPE_SLUGS, pageFor } from '#web/lib/paths.ts'
import { clusterTypePath, FOOTER_SECTIONS, HEADER_NAV, LINKS, mobileMenuItems } from './nav-links.ts'

describe('navigation links', () => {
  it('point only at pages of the route table', () => {
    for (const path of Object.values(LINKS)) expect(pageFor(path), path).toBeDefined()
    for (const slug of CLUSTER_TYPE_SLUGS) expect(pageFor(clusterTypePath(slug))).toBeDefined()
  })

  it('show Pricing, Documentation, Tutorials, and Support only when signed in', () => {
    expect(HEADER_NAV.map((link) => LINKS[link.name])).toEqual([
      '/pricing',
      '/documentation',
      '/tutorials',
      '/support',
    ])
    expect(HEADER_NAV.filter((link) => link.signedInOnly).map((link) => link.name)).toEqual(['support'])
  })

  it('list the floating menu items', () => {
    expect(mobileMenuItems(false, false)).toEqual(['home', 'pricing', 'documentation', 'tutorials', 'login'])
    expect(mobileMenuItems(false, true)).toEqual(['home', 'pricing', 'documentation', 'tutorials', 'login'])
    expect(mobileMenuItems(true, false)).toEqual([
      'dashboard',
      'home',
      'documentation',
      'tutorials',
      'support',
      'settings',
      'logout',
    ])
    expect(mobileMenuItems(true, true)).toEqual([
      'dashboard',
      'home',
      'documentation',
      'tutorials',
      'support',
      'officersPanel',
      'settings',
      'logout',
    ])
  })

  it('link the footer to its pages', () => {
    const paths = [...FOOTER_SECTIONS.resources, ...FOOTER_SECTIONS.company].map((name) => LINKS[name])
    for (const path of ['/data-centers', '/newsletter', '/about', '/contact', '/privacy-policy', '/terms']) {
      expect(paths).toContain(path)
    }
    expect(LINKS.officersPanel).toBe('/officers/panel')
    expect(LINKS.settings).toBe('/settings')
    expect(LINKS.auth).toBe('/auth')
  })
})
