import { describe, expect, it } from 'vitest'
import type { Product } from '#common/schemas/products.ts'
import { productInLanguage, settingsUiSchema, sheetText } from './product-language.ts'

const product = {
  kind: 'add_on',
  id: 'backup',
  name: 'Backup',
  category: 'backup',
  description: 'Daily backups',
  fromMonthlyPriceCents: 2_900,
  monthlyPriceCents: 2_900,
  latestVersion: '1.16',
  publisher: { name: 'VMware', verified: true },
  chart: { repository: 'https://example.org', name: 'velero' },
  versions: [
    {
      version: '1.16',
      chartVersion: '10.0.0',
      releasedOn: '2026-01-01',
      changes: [{ kind: 'added', text: 'Kopia backups' }],
    },
  ],
  settingsSchema: {
    type: 'object',
    properties: {
      schedule: {
        type: 'string',
        title: 'Backup schedule',
        enum: ['daily', 'weekly'],
        enumTitles: ['Every day', 'Every week'],
        default: 'daily',
      },
      retention: { type: 'integer', title: 'Keep backups (days)', description: 'Not translated yet' },
    },
  },
  plans: [],
  requirements: { clusterTypeIds: null, minKubernetesVersion: '1.30', cpuMillicores: 100, memoryMib: 128 },
  extraCosts: [{ kind: 'backup_storage', description: 'Storage, per 100 GiB', monthlyPriceCents: 500 }],
  documentationUrl: 'https://example.org/docs',
  afterInstall: 'Scheduled backups.',
  french: {
    name: 'Sauvegarde',
    sheet: {
      'Kopia backups': 'Sauvegardes Kopia',
      'Backup schedule': 'Fréquence des sauvegardes',
      'Every day': 'Tous les jours',
      'Storage, per 100 GiB': 'Stockage, par tranche de 100 Gio',
      'Scheduled backups.': 'Sauvegardes planifiées.',
    },
  },
} satisfies Product

describe('productInLanguage', () => {
  it('reads the sheet in French, keeping the English where a text has no French yet', () => {
    const read = productInLanguage(product, 'fr')
    expect(read.name).toBe('Sauvegarde')
    expect(read.description).toBe('Daily backups')
    expect(read.versions[0]!.changes[0]!.text).toBe('Sauvegardes Kopia')
    expect(read.extraCosts[0]!.description).toBe('Stockage, par tranche de 100 Gio')
    expect(read.afterInstall).toBe('Sauvegardes planifiées.')
    // The schema stays as compiled; its words come with the form's UI schema.
    expect(read.settingsSchema).toBe(product.settingsSchema)
    expect(settingsUiSchema(read.settingsSchema, sheetText(read, 'fr'))).toEqual({
      schedule: {
        'ui:title': 'Fréquence des sauvegardes',
        'ui:options': { enumTitles: ['Tous les jours', 'Every week'] },
      },
      retention: { 'ui:title': 'Keep backups (days)', 'ui:description': 'Not translated yet' },
    })
  })

  it('leaves the product as it is in English', () => {
    expect(productInLanguage(product, 'en')).toBe(product)
  })
})
