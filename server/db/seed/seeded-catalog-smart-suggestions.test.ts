import { describe, expect, it } from 'vitest'
import { configurationIssues, priceConfiguration } from '#common/cluster-rules.ts'
import { clusterConfigurationSchema } from '#common/schemas/clusters.ts'
import {
  answersOf,
  suggestConfiguration,
  type WorkloadAnswers,
  workloadQuestionnaireSchema,
} from '#common/smart-suggestions/index.ts'
import { defaultIssueMessage } from '#common/validation-messages.ts'
import { SEEDED_CATALOG } from './seeded-catalog.ts'

const catalog = SEEDED_CATALOG
const TODAY = '2026-11-22'

const WEB_SHOP: WorkloadAnswers = {
  services: 12,
  peakRequestsPerSecond: 800,
  dataVolumeGb: 50,
  stateful: true,
  gpu: 'none',
  monthlyBudgetCents: null,
  compliance: 'gdpr',
  environment: 'production',
}

function suggest(answers: Partial<WorkloadAnswers>) {
  return suggestConfiguration({ ...WEB_SHOP, ...answers }, catalog, { today: TODAY })
}

function flavorOf(id: string) {
  return catalog.nodeFlavors.find((flavor) => flavor.id === id)!
}

function dataCenterOf(code: string) {
  return catalog.dataCenters.find((center) => center.code === code)!
}

function monthlyTotal(configuration: ReturnType<typeof suggest>['configuration']) {
  return priceConfiguration(configuration, catalog, {
    billingCycle: 'monthly',
    promoCode: null,
    isFirstPaidOrder: false,
  }).monthly.totalCents
}

describe('suggestConfiguration', () => {
  it('proposes a Standard cluster in an EU data center for a GDPR production web shop', () => {
    const { configuration, reasons, monthlyCents } = suggest({})
    expect(configuration.clusterTypeId).toBe('blue')
    const dataCenter = dataCenterOf(configuration.dataCenterCode)
    expect(dataCenter.inEu).toBe(true)
    expect(dataCenter.complianceTags).not.toContain('HDS')
    expect(configuration.kubernetesVersion).toBe('1.36')
    expect(configuration.nodePools[0]!.nodeCount).toBeGreaterThanOrEqual(3)
    expect(configuration.nodePools[0]!.autoscaling.enabled).toBe(true)
    expect(configuration.addOnIds).toEqual(expect.arrayContaining(['monitoring', 'backup', 'cert-manager']))
    expect(configuration.networking.privateNetwork).toBe(true)
    expect(monthlyCents).toBe(monthlyTotal(configuration))
    for (const field of [
      'clusterTypeId',
      'dataCenterCode',
      'kubernetesVersion',
      'nodePools.0',
      'addOnIds.backup',
    ])
      expect(reasons.map((reason) => reason.field)).toContain(field)
    for (const reason of reasons) {
      expect(reason.key).toMatch(/^[a-zA-Z]+(\.[a-zA-Z-]+)+$/)
      expect(reason.message.length).toBeGreaterThan(10)
    }
  })

  it('health data (HDS) → Enterprise in an HDS data center, with audit logs and policies', () => {
    const { configuration, reasons } = suggest({ compliance: 'hds' })
    expect(configuration.clusterTypeId).toBe('red')
    expect(dataCenterOf(configuration.dataCenterCode).complianceTags).toContain('HDS')
    expect(configuration.addOnIds).toEqual(expect.arrayContaining(['logging', 'policy']))
    expect(reasons.find((reason) => reason.field === 'clusterTypeId')?.key).toBe('type.hds')
    expect(reasons.find((reason) => reason.field === 'dataCenterCode')?.key).toBe('dataCenter.hds')
  })

  it('French public sector → Red in a SecNumCloud data center', () => {
    const { configuration } = suggest({ compliance: 'secnumcloud' })
    expect(configuration.clusterTypeId).toBe('red')
    expect(dataCenterOf(configuration.dataCenterCode).complianceTags).toContain('SecNumCloud')
  })

  it('GPU needs → the AI type, a tainted GPU pool and the GPU operator', () => {
    for (const gpu of ['inference', 'training'] as const) {
      const { configuration } = suggest({ gpu })
      expect(configuration.clusterTypeId).toBe('ai')
      const gpuPool = configuration.nodePools.find((pool) => flavorOf(pool.flavorId).gpuCount > 0)
      expect(gpuPool, gpu).toBeDefined()
      expect(gpuPool!.taints).toEqual([{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }])
      expect(configuration.addOnIds).toContain('gpu-operator')
    }
    const training = suggest({ gpu: 'training' }).configuration
    const trainingGpu = training.nodePools.find((pool) => pool.name === 'gpu')!
    expect(flavorOf(trainingGpu.flavorId).gpuMemoryGib).toBeGreaterThanOrEqual(80)
    const inference = suggest({ gpu: 'inference' }).configuration
    expect(inference.nodePools.find((pool) => pool.name === 'gpu')!.flavorId).toBe('gpu-l4-1')
  })

  it('GPU with HDS stays on Red, which also offers GPU flavors', () => {
    const { configuration } = suggest({ gpu: 'inference', compliance: 'hds' })
    expect(configuration.clusterTypeId).toBe('red')
    expect(configuration.nodePools.some((pool) => flavorOf(pool.flavorId).gpuCount > 0)).toBe(true)
  })

  it('development and test → Dev/Test, small, no autoscaling, free add-ons only', () => {
    for (const environment of ['development', 'test'] as const) {
      const { configuration, monthlyCents } = suggest({ environment, services: 3, peakRequestsPerSecond: 10 })
      expect(configuration.clusterTypeId).toBe('orange')
      expect(configuration.nodePools).toHaveLength(1)
      expect(configuration.nodePools[0]!.autoscaling.enabled).toBe(false)
      expect(configuration.networking.privateNetwork).toBe(false)
      expect(monthlyCents).toBeLessThan(suggest({}).monthlyCents)
    }
  })

  it('large stateful data → Data Analytics with a tainted data pool', () => {
    const { configuration } = suggest({ dataVolumeGb: 2_000 })
    expect(configuration.clusterTypeId).toBe('data')
    const dataPool = configuration.nodePools.find((pool) => pool.name === 'data')!
    expect(dataPool.labels).toEqual({ 'workload-type': 'stateful' })
    expect(dataPool.taints[0]).toMatchObject({ key: 'workload-type', effect: 'NoSchedule' })
    expect(dataPool.nodeCount).toBeGreaterThanOrEqual(3)
  })

  it('respects a budget with smaller flavors, counts, fewer extras or a cheaper type', () => {
    const generous = suggest({ monthlyBudgetCents: 10_000_000 })
    const unlimited = suggest({})
    expect(generous.configuration).toEqual(unlimited.configuration)
    expect(generous.reasons.at(-1)?.key).toBe('budget.fits')

    const budget = Math.floor(unlimited.monthlyCents * 0.7)
    const tight = suggest({ monthlyBudgetCents: budget })
    expect(tight.overBudget).toBe(false)
    expect(tight.monthlyCents).toBeLessThanOrEqual(budget)
    expect(monthlyTotal(tight.configuration)).toBe(tight.monthlyCents)
    expect(tight.reasons.at(-1)).toMatchObject({ field: 'budget', key: 'budget.trimmed' })

    const impossible = suggest({ monthlyBudgetCents: 100 })
    expect(impossible.overBudget).toBe(true)
    expect(impossible.reasons.at(-1)?.key).toBe('budget.exceeded')
    expect(impossible.monthlyCents).toBeLessThanOrEqual(tight.monthlyCents)
  })

  it('always passes the shared schema and the catalog rules', () => {
    const environments = ['production', 'development', 'test'] as const
    const compliances = ['gdpr', 'hds', 'secnumcloud'] as const
    const gpus = ['none', 'inference', 'training'] as const
    const budgets = [null, 5_000, 50_000, 500_000]
    const sizes = [
      { services: 1, peakRequestsPerSecond: 0, dataVolumeGb: 0, stateful: false },
      { services: 40, peakRequestsPerSecond: 20_000, dataVolumeGb: 800, stateful: true },
      { services: 1_000, peakRequestsPerSecond: 1_000_000, dataVolumeGb: 100_000, stateful: true },
    ]
    for (const environment of environments)
      for (const compliance of compliances)
        for (const gpu of gpus)
          for (const monthlyBudgetCents of budgets)
            for (const size of sizes) {
              const answers = { ...WEB_SHOP, ...size, environment, compliance, gpu, monthlyBudgetCents }
              const { configuration } = suggestConfiguration(answers, catalog, { today: TODAY })
              const label = JSON.stringify(answers)
              expect(clusterConfigurationSchema.safeParse(configuration).success, label).toBe(true)
              expect(configurationIssues(configuration, catalog, { today: TODAY }), label).toEqual([])
            }
  })

  it('skips Kubernetes versions past their end of life', () => {
    const { configuration } = suggestConfiguration(WEB_SHOP, catalog, { today: '2027-07-01' })
    expect(configuration.kubernetesVersion).toBe('1.37')
  })
})

describe('the questionnaire as typed', () => {
  const typed = {
    services: '12',
    peakRequestsPerSecond: '800',
    dataVolumeGb: '50',
    stateful: true,
    gpu: 'inference',
    monthlyBudget: '',
    compliance: 'gdpr',
    environment: 'production',
  } as const

  it('becomes the answers, a blank budget meaning no limit and a budget converted to USD cents', () => {
    const rates = { USD: 1, EUR: 0.8, GBP: 0.7 }
    const noLimit = workloadQuestionnaireSchema.parse(typed)
    expect(answersOf(noLimit, 'EUR', rates)).toEqual({
      services: 12,
      peakRequestsPerSecond: 800,
      dataVolumeGb: 50,
      stateful: true,
      gpu: 'inference',
      monthlyBudgetCents: null,
      compliance: 'gdpr',
      environment: 'production',
    })
    const budget = workloadQuestionnaireSchema.parse({ ...typed, monthlyBudget: '400' })
    expect(answersOf(budget, 'EUR', rates).monthlyBudgetCents).toBe(50_000)
  })

  it('words each problem with the catalog', () => {
    const result = workloadQuestionnaireSchema.safeParse(
      { ...typed, services: '0', peakRequestsPerSecond: '', dataVolumeGb: '1.5', monthlyBudget: 'abc' },
      { error: defaultIssueMessage },
    )
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))
    expect(messages).toEqual({
      services: 'Enter 1 or more',
      peakRequestsPerSecond: 'Enter a whole number',
      dataVolumeGb: 'Enter a whole number',
      monthlyBudget: expect.any(String),
    })
  })
})
