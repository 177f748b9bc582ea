import { describe, expect, it } from 'vitest'
import { priceConfiguration } from '#common/cluster-rules.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import { clusterConfigurationSchema } from '#common/schemas/clusters.ts'
import { validationMessage } from '#common/validation-messages.ts'
import { IdempotencyKeys } from '#web/lib/idempotency.ts'
import {
  configurationInputOf,
  copyName,
  draftFromConfiguration,
  emptyDraft,
  newNodePool,
  parseDraft,
} from './draft.ts'
import { livePrice } from './live-price.ts'
import { decodeSuggestion, encodeSuggestion, prefillOf, prefillSignature } from './prefill.ts'
import { validDraft } from './test-drafts.ts'
import { draftPath, relatedPaths, validateDraft } from './validation.ts'
import { stepOfField } from './wizard-steps.ts'

const catalog: Catalog = {
  clusterTypes: [
    {
      id: 'blue',
      name: 'Standard',
      position: 0,
      colour: '#2563eb',
      tagline: '',
      slaPercent: 99.95,
      controlPlaneMode: 'dedicated_ha',
      includedFeatures: [],
      allowedFlavorIds: ['gp-2-8', 'gp-4-16'],
      baseMonthlyPriceCents: 7_900,
      useCases: [],
    },
    {
      id: 'red',
      name: 'Enterprise',
      position: 1,
      colour: '#dc2626',
      tagline: '',
      slaPercent: 99.99,
      controlPlaneMode: 'dedicated_multi_zone',
      includedFeatures: [],
      allowedFlavorIds: ['gp-2-8', 'gp-4-16', 'gpu-l4-1'],
      baseMonthlyPriceCents: 49_900,
      useCases: [],
    },
  ],
  dataCenters: [
    dataCenter('de-fra-1', 'Frankfurt 1', ['GDPR']),
    dataCenter('fr-par-1', 'Paris 1', ['GDPR', 'HDS', 'SecNumCloud']),
  ],
  nodeFlavors: [flavor('gp-2-8', 6_800), flavor('gp-4-16', 13_600), flavor('gpu-l4-1', 98_000)],
  kubernetesVersions: [
    {
      version: '1.36',
      latestPatch: '1.36.6',
      releaseDate: '2026-04-22',
      endOfLifeDate: '2099-06-28',
      isDefault: true,
    },
    {
      version: '1.30',
      latestPatch: '1.30.9',
      releaseDate: '2024-04-22',
      endOfLifeDate: '2025-06-28',
      isDefault: false,
    },
  ],
  addOns: [
    {
      id: 'monitoring',
      name: 'Monitoring',
      category: 'observability',
      description: '',
      monthlyPriceCents: 4_900,
    },
    { id: 'cert-manager', name: 'cert-manager', category: 'security', description: '', monthlyPriceCents: 0 },
  ],
  middlewareProducts: [],
  supportPlans: [],
}

function dataCenter(
  code: string,
  name: string,
  complianceTags: Catalog['dataCenters'][number]['complianceTags'],
) {
  return {
    code,
    name,
    city: name.replace(/ \d$/, ''),
    countryCode: 'DE',
    country: 'Germany',
    inEu: true,
    provider: 'Equinix',
    complianceTags,
    availability: 'available' as const,
    capacityStatus: 'normal' as const,
    latitude: 0,
    longitude: 0,
  }
}

function flavor(id: string, hourlyPriceMillicents: number) {
  return {
    id,
    name: id,
    family: 'general_purpose' as const,
    vcpu: 2,
    ramGib: 8,
    gpuCount: id.startsWith('gpu') ? 1 : 0,
    gpuModel: null,
    gpuMemoryGib: null,
    diskGib: 80,
    hourlyPriceMillicents,
  }
}

describe('the draft', () => {
  it('converts to the shared configuration and back', () => {
    const draft = validDraft()
    draft.nodePools[0]!.labels = [{ id: 'a', key: 'team', value: 'shop' }]
    draft.nodePools[0]!.taints = [{ id: 'b', key: 'dedicated', value: 'shop', effect: 'NoSchedule' }]
    draft.networking.apiAllowList = [{ id: 'c', cidr: ' 203.0.113.0/24 ' }]
    const configuration = clusterConfigurationSchema.parse(configurationInputOf(draft))
    expect(configuration.nodePools[0]!.labels).toEqual({ team: 'shop' })
    expect(configuration.networking.apiAllowList).toEqual(['203.0.113.0/24'])
    const again = draftFromConfiguration(configuration)
    expect(configurationInputOf(again)).toEqual(configurationInputOf(draft))
  })

  it('reads a stored draft defensively, keeping blank numbers blank', () => {
    const stored = JSON.parse(JSON.stringify({ ...validDraft(), networking: { cni: 'weave' } }))
    stored.nodePools[0].nodeCount = null
    const draft = parseDraft(stored)!
    expect(draft.networking.cni).toBe('cilium')
    expect(draft.networking.podCidr).toBe('10.244.0.0/16')
    expect(Number.isNaN(draft.nodePools[0]!.nodeCount)).toBe(true)
    expect(parseDraft('nonsense')).toBeNull()
  })

  it('round-trips the shared schema: a configuration, as a draft, is the same configuration', () => {
    const configuration = clusterConfigurationSchema.parse({
      ...configurationInputOf(validDraft()),
      nodePools: [
        {
          name: 'workers',
          flavorId: 'gp-4-16',
          nodeCount: 4,
          autoscaling: { enabled: true, min: 2, max: 6 },
          labels: { team: 'shop', tier: 'web' },
          taints: [{ key: 'dedicated', value: 'shop', effect: 'NoExecute' }],
        },
        { name: 'batch', flavorId: 'gp-2-8', nodeCount: 1, autoscaling: { enabled: false, min: 1, max: 5 } },
      ],
      networking: {
        cni: 'calico',
        privateNetwork: true,
        podCidr: '10.244.0.0/16',
        serviceCidr: '10.96.0.0/12',
        apiAllowList: ['203.0.113.0/24', '198.51.100.7/32'],
      },
      maintenanceWindow: { day: 'wednesday', startHour: 22, autoPatchUpgrades: false },
    })
    const draft = draftFromConfiguration(configuration, { promoCode: 'PARIS' })
    expect(draft.promoCode).toBe('PARIS')
    expect(draft.nodePools[1]!.labels).toEqual([])
    expect(configurationInputOf(draft)).toEqual(configuration)
    expect(clusterConfigurationSchema.parse(configurationInputOf(draft))).toEqual(configuration)
    // An input leaving out what the schema fills in becomes a draft holding the same defaults.
    const { maintenanceWindow: _, addOnIds: __, ...minimal } = configurationInputOf(validDraft())
    expect(clusterConfigurationSchema.parse(configurationInputOf(draftFromConfiguration(minimal)))).toEqual(
      clusterConfigurationSchema.parse(minimal),
    )
  })

  it('names a copy within 40 characters', () => {
    expect(copyName('shop-prod')).toBe('shop-prod-copy')
    expect(copyName('a'.repeat(40))).toHaveLength(40)
  })
})

describe('validation', () => {
  it('finds nothing wrong with a complete draft', () => {
    expect(validateDraft(validDraft(), catalog)).toEqual({})
  })

  it('ties each problem to its field and step', () => {
    const draft = validDraft()
    draft.name = 'Shop'
    draft.nodePools[0]!.autoscaling = { enabled: true, min: 5, max: 2 }
    draft.nodePools[0]!.labels = [
      { id: 'a', key: 'bad key', value: 'x' },
      { id: 'b', key: 'team', value: 'a' },
      { id: 'c', key: 'team', value: 'b' },
    ]
    draft.networking.serviceCidr = '10.244.0.0/20'
    draft.networking.apiAllowList = [{ id: 'd', cidr: '300.1.1.1/8' }]
    const issues = validateDraft(draft, catalog)
    expect(issues.name?.message).toBe(validationMessage('dnsLabel'))
    expect(issues['nodePools.0.autoscaling.min']?.message).toBe(validationMessage('minimumAboveMaximum'))
    expect(issues['nodePools.0.labels.0.key']?.message).toBe(validationMessage('labelKey'))
    expect(issues['nodePools.0.labels.2.key']?.message).toBe(validationMessage('duplicateKey'))
    expect(issues['networking.serviceCidr']?.message).toBe(validationMessage('cidrOverlap'))
    expect(issues['networking.apiAllowList.0.cidr']?.message).toBe(validationMessage('cidr'))
    expect(stepOfField('nodePools.0.labels.0.key')).toBe('node-pools')
    expect(stepOfField('name')).toBe('review')
  })

  it('applies the catalog rules: flavors of the type, restricted data centers, ended versions', () => {
    const draft = validDraft()
    draft.nodePools[0]!.flavorId = 'gpu-l4-1'
    draft.dataCenterCode = 'fr-par-1'
    draft.kubernetesVersion = '1.30'
    const issues = validateDraft(draft, catalog)
    expect(issues['nodePools.0.flavorId']).toEqual({
      message: validationMessage('flavorNotAllowed', { flavor: 'gpu-l4-1', type: 'Standard' }),
      catalogRule: true,
    })
    expect(issues.dataCenterCode).toEqual({
      message: validationMessage('dataCenterRestricted', { name: 'Paris 1' }),
      catalogRule: true,
    })
    expect(issues.kubernetesVersion).toEqual({
      message: validationMessage('kubernetesVersionEndOfLife', { version: '1.30' }),
      catalogRule: true,
    })
  })

  it('refuses the label every node carries already, on its row', () => {
    const draft = validDraft()
    draft.nodePools[0]!.labels = [
      { id: 'a', key: 'team', value: 'shop' },
      { id: 'b', key: ' clusterdeck.eu/node-pool ', value: 'x' },
    ]
    const issues = validateDraft(draft, catalog)
    expect(issues['nodePools.0.labels.1.key']?.message).toBe(validationMessage('reservedLabel'))
    expect(issues['nodePools.0.labels.0.key']).toBeUndefined()
  })

  it('treats a blank number as a problem of its own', () => {
    const draft = validDraft()
    draft.nodePools[0]!.nodeCount = Number.NaN
    expect(validateDraft(draft, catalog)['nodePools.0.nodeCount']?.message).toBe(
      validationMessage('wholeNumber'),
    )
  })

  it('maps server paths to the draft', () => {
    const draft = validDraft()
    draft.nodePools[0]!.labels = [{ id: 'a', key: 'team', value: 'x' }]
    expect(draftPath('body.configuration.nodePools.0.flavorId', draft)).toBe('nodePools.0.flavorId')
    expect(draftPath('configuration.nodePools.0.labels.team', draft)).toBe('nodePools.0.labels.0.key')
    expect(draftPath(['addOnIds', 1], draft)).toBe('addOnIds')
    expect(draftPath('body.configuration.networking.apiAllowList.2', draft)).toBe(
      'networking.apiAllowList.2.cidr',
    )
    expect(relatedPaths('nodePools.1.nodeCount')).toContain('nodePools.1.autoscaling.max')
    expect(relatedPaths('networking.serviceCidr')).toContain('networking.podCidr')
  })
})

describe('the live price', () => {
  it('is the shared pricing of the draft, per pool, for the chosen cycle', () => {
    const draft = validDraft()
    draft.nodePools.push({ ...newNodePool('pool-2', ''), nodeCount: 2 })
    const price = livePrice(draft, catalog, 'yearly')!
    const expected = priceConfiguration(
      { ...draft, nodePools: [configurationInputOf(draft).nodePools[0]!] } as never,
      catalog,
      { billingCycle: 'yearly', promoCode: null, isFirstPaidOrder: false },
    )
    expect(price.breakdown).toEqual(expected)
    expect(price.poolCents).toEqual([14_892, null])
    expect(price.breakdown.subtotalCents).toBe((7_900 + 14_892 + 4_900) * 10)
  })

  it('waits for a cluster type', () => {
    expect(livePrice(emptyDraft(), catalog, 'monthly')).toBeNull()
  })
})

describe('ways into the wizard', () => {
  it('round-trips a suggestion through the address', () => {
    const configuration = clusterConfigurationSchema.parse(configurationInputOf(validDraft()))
    const encoded = encodeSuggestion({ ...configuration, name: 'prod-café' })
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeSuggestion(encoded)).toBeNull() // not a valid name
    const draft = decodeSuggestion(encodeSuggestion(configuration))!
    expect(configurationInputOf(draft)).toEqual(configuration)
    expect(prefillOf(new URLSearchParams({ suggestion: encodeSuggestion(configuration) }))).toMatchObject({
      kind: 'draft',
      step: 'review',
    })
    expect(prefillOf(new URLSearchParams({ suggestion: 'garbage' }))).toBeNull()
  })

  it('reads a type, a data center, a flavor and a node count', () => {
    const prefill = prefillOf(new URLSearchParams({ type: 'blue', flavor: 'gp-4-16', nodes: '5' }))
    expect(prefill).toMatchObject({ kind: 'draft', step: 'data-center' })
    if (prefill?.kind !== 'draft') throw new Error('expected a draft')
    expect(prefill.draft.clusterTypeId).toBe('blue')
    expect(prefill.draft.nodePools[0]).toMatchObject({ flavorId: 'gp-4-16', nodeCount: 5 })
    expect(prefillOf(new URLSearchParams({ dataCenter: 'fr-par-1' }))).toMatchObject({ step: 'type' })
    expect(prefillOf(new URLSearchParams({ template: 't1' }))).toEqual({ kind: 'template', templateId: 't1' })
    expect(prefillOf(new URLSearchParams({ from: 'c1' }))).toEqual({ kind: 'cluster', clusterId: 'c1' })
    expect(prefillOf(new URLSearchParams({ step: 'review' }))).toBeNull()
  })

  it('names what an address opens, whatever its step', () => {
    expect(prefillSignature(new URLSearchParams('type=blue&step=version'))).toBe('type=blue')
    expect(prefillSignature(new URLSearchParams('step=version'))).toBe('')
    expect(prefillSignature(new URLSearchParams('nodes=3&type=blue'))).toBe('type=blue&nodes=3')
  })
})

describe('idempotency keys', () => {
  it('keeps one key per body until the order is made', () => {
    let count = 0
    const keys = new IdempotencyKeys(() => `key-${++count}`)
    expect(keys.keyFor({ a: 1 })).toBe('key-1')
    expect(keys.keyFor({ a: 1 })).toBe('key-1')
    expect(keys.keyFor({ a: 2 })).toBe('key-2')
    keys.reset()
    expect(keys.keyFor({ a: 2 })).toBe('key-3')
  })
})
