import { describe, expect, it } from 'vitest'
import { fr } from '#web/locales/fr.ts'
import {
  clusterTypeName,
  clusterTypeSlugFor,
  displayTierName,
  FALLBACK_CLUSTER_TIERS,
} from './cluster-type-links.ts'
import { createI18n } from './i18n.ts'

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

  it('names a type in the interface language, and an unknown one by its catalog name without colour words', () => {
    const french = createI18n('fr', { fr })
    expect(clusterTypeName(french.t, { id: 'red', name: 'Enterprise' })).toBe('Entreprise')
    expect(clusterTypeName(french.t, { id: 'green' })).toBe('Économie')
    expect(clusterTypeName(createI18n('en').t, { id: 'ai', name: 'AI/ML' })).toBe('AI/ML')
    expect(clusterTypeName(french.t, { id: 'gold', name: 'Gold Plus (Yellow)' })).toBe('Gold Plus')
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
