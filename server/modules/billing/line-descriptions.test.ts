import { describe, expect, it } from 'vitest'
import { lineDescription, lineDescriptionIn } from './line-descriptions.ts'

describe('line descriptions', () => {
  it('read back in French, each wording the meter and the invoices write', () => {
    const french = (description: string) => lineDescriptionIn(description, 'fr')
    expect(french(lineDescription.controlPlane('Standard'))).toBe('Plan de contrôle (Standard)')
    expect(french(lineDescription.nodePool('workers', 3, 'General 4 vCPU / 16 GiB'))).toBe(
      'Pool de nœuds workers : 3 × General 4 vCPU / 16 GiB',
    )
    expect(french(lineDescription.addOn('Monitoring'))).toBe('Module complémentaire Monitoring')
    expect(french(lineDescription.installation('PostgreSQL', 'ha', 'databases'))).toBe(
      'PostgreSQL ha dans databases',
    )
    expect(french(lineDescription.installation('Redis', null, 'cache-1'))).toBe('Redis dans cache-1')
    expect(french(lineDescription.supportPlan('Business'))).toBe('Plan de support Business')
    expect(french(lineDescription.yearlyCommitment(10, 'ORD-2026-000042'))).toBe(
      'Engagement annuel, 12 mois facturés 10 (commande ORD-2026-000042)',
    )
    expect(french(lineDescription.promotion('PARIS'))).toBe('Promotion PARIS')
  })

  it('keep an officer’s reason as typed, even when it reads like another wording', () => {
    expect(
      lineDescriptionIn(lineDescription.correction('INV-2026-000007', 'Add-on billed twice in march'), 'fr'),
    ).toBe('Rectification de la facture INV-2026-000007 : Add-on billed twice in march')
  })

  it('are unchanged in English, and a wording of no template is printed as stored', () => {
    expect(lineDescriptionIn(lineDescription.addOn('Monitoring'), 'en')).toBe('Add-on Monitoring')
    expect(lineDescriptionIn('Something agreed by hand', 'fr')).toBe('Something agreed by hand')
  })
})
