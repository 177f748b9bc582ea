import { describe, expect, it } from 'vitest'
import { clusterTypeSlugFor, displayTierName, FALLBACK_CLUSTER_TIERS } from './cluster-type-links.ts'

describe('footer cluster type links', () => {
  it('maps tier names to type pages by keyword', () => {
    expect(clusterTypeSlugFor('Standard (Blue)')).toBe('blue')
    expect(clusterTypeSlugFor('Enterprise (Red)')).toBe('red')
    expect(clusterTypeSlugFor('Economy (Green)')).toBe('green')
    expect(clusterTypeSlugFor('Data Analytics')).toBe('data')
    expect(clusterTypeSlugFor('AI/ML (Violet)')).toBe('ai')
    expect(clusterTypeSlugFor('Dev/Test (Orange)')).toBe('orange')
    expect(clusterTypeSlugFor('Sandbox (Gray)')).toBe('sandbox')
    expect(clusterTypeSlugFor('ML Training')).toBe('ai')
    expect(clusterTypeSlugFor('Test Bench')).toBe('orange')
    expect(clusterTypeSlugFor('Something Else')).toBe('blue')
  })

  it('removes a trailing parenthetical from the shown name', () => {
    expect(displayTierName('Standard (Blue)')).toBe('Standard')
    expect(displayTierName('Data Analytics')).toBe('Data Analytics')
    expect(displayTierName('AI/ML (Violet)')).toBe('AI/ML')
  })

  it('falls back to the seven fixed entries', () => {
    expect(FALLBACK_CLUSTER_TIERS.map((tier) => tier.name)).toEqual([
      'Standard (Blue)',
      'Enterprise (Red)',
      'Economy (Green)',
      'Data Analytics',
      'AI/ML (Violet)',
      'Dev/Test (Orange)',
      'Sandbox (Gray)',
    ])
  })
})
