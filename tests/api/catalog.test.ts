import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { monthlyPrice } from '#common/pricing.ts'
import { type Catalog, catalogSchema } from '#common/schemas/catalog.ts'
import type { Product, ProductSummary } from '#common/schemas/products.ts'
import { addOns, clusterTypes, dataCenters, nodeFlavors } from '#server/db/schema/index.ts'
import { seedCatalog } from '#server/db/seed/catalog.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'
import { common } from '#web/locales/en/common.ts'

let server: TestServer
let catalog: Catalog
beforeAll(async () => {
  server = await startTestServer()
  const response = await new TestClient(server.app).get('/api/catalog')
  expect(response.statusCode).toBe(200)
  catalog = catalogSchema.parse(response.json())
})
afterAll(() => server.close())

describe('GET /api/catalog', () => {
  it('is public and cacheable like the tier list', async () => {
    const response = await new TestClient(server.app).get('/api/catalog')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=300')
  })

  it('lists the seven cluster types in the order and with the names of the tier list', () => {
    expect(catalog.clusterTypes.map((type) => type.id)).toEqual([
      'blue',
      'red',
      'green',
      'data',
      'ai',
      'orange',
      'sandbox',
    ])
    for (const type of catalog.clusterTypes) {
      expect(type.tagline, type.id).not.toBe('')
      expect(type.includedFeatures.length, type.id).toBeGreaterThan(0)
      expect(type.useCases.length, type.id).toBeGreaterThan(0)
      expect(type.allowedFlavorIds.length, type.id).toBeGreaterThan(0)
    }
    const byId = new Map(catalog.clusterTypes.map((type) => [type.id, type]))
    expect(byId.get('sandbox')).toMatchObject({ baseMonthlyPriceCents: 0, slaPercent: null })
    expect(byId.get('red')).toMatchObject({ slaPercent: 99.99, controlPlaneMode: 'dedicated_multi_zone' })
    // Enterprise costs more than Standard, which costs more than Economy.
    expect(byId.get('red')!.baseMonthlyPriceCents).toBeGreaterThan(byId.get('blue')!.baseMonthlyPriceCents)
    expect(byId.get('blue')!.baseMonthlyPriceCents).toBeGreaterThan(byId.get('green')!.baseMonthlyPriceCents)
  })

  it('allows only flavors that exist, and GPU flavors on the AI/ML type', () => {
    const flavorIds = new Set(catalog.nodeFlavors.map((flavor) => flavor.id))
    for (const type of catalog.clusterTypes) {
      for (const flavorId of type.allowedFlavorIds)
        expect(flavorIds, `${type.id} → ${flavorId}`).toContain(flavorId)
    }
    const gpuIds = catalog.nodeFlavors.filter((flavor) => flavor.gpuCount > 0).map((flavor) => flavor.id)
    const ai = catalog.clusterTypes.find((type) => type.id === 'ai')!
    expect(ai.allowedFlavorIds).toEqual(expect.arrayContaining(gpuIds))
    const sandbox = catalog.clusterTypes.find((type) => type.id === 'sandbox')!
    expect(sandbox.allowedFlavorIds.some((id) => gpuIds.includes(id))).toBe(false)
  })

  it('has at least 15 node flavors with GPU ones, each priced by the hour', () => {
    expect(catalog.nodeFlavors.length).toBeGreaterThanOrEqual(15)
    const gpu = catalog.nodeFlavors.filter((flavor) => flavor.family === 'gpu')
    expect(gpu.length).toBeGreaterThanOrEqual(3)
    for (const flavor of gpu) expect(flavor).toMatchObject({ gpuModel: expect.stringContaining('NVIDIA') })
    for (const flavor of catalog.nodeFlavors.filter((candidate) => candidate.family !== 'gpu')) {
      expect(flavor, flavor.id).toMatchObject({ gpuCount: 0, gpuModel: null })
    }
    const gp28 = catalog.nodeFlavors.find((flavor) => flavor.id === 'gp-2-8')!
    expect(gp28).toMatchObject({ vcpu: 2, ramGib: 8, hourlyPriceMillicents: 6_800 })
  })

  it('has at least 8 data centers, several EU countries among them, and a few outside the EU', () => {
    expect(catalog.dataCenters.length).toBeGreaterThanOrEqual(8)
    const inEu = catalog.dataCenters.filter((center) => center.inEu)
    expect(new Set(inEu.map((center) => center.countryCode)).size).toBeGreaterThanOrEqual(4)
    expect(inEu.every((center) => center.complianceTags.includes('GDPR'))).toBe(true)
    expect(catalog.dataCenters.filter((center) => !center.inEu).length).toBeGreaterThanOrEqual(2)
    expect(catalog.dataCenters.some((center) => center.complianceTags.includes('HDS'))).toBe(true)
    expect(catalog.dataCenters.some((center) => center.complianceTags.includes('SecNumCloud'))).toBe(true)
    const codes = catalog.dataCenters.map((center) => center.code)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('lists supported Kubernetes versions newest first, with one default ending after its release', () => {
    const versions = catalog.kubernetesVersions
    expect(versions.length).toBeGreaterThanOrEqual(3)
    expect(versions.filter((version) => version.isDefault)).toHaveLength(1)
    for (const version of versions) {
      expect(version.endOfLifeDate > version.releaseDate, version.version).toBe(true)
      expect(version.latestPatch.startsWith(`${version.version}.`), version.version).toBe(true)
    }
    const releases = versions.map((version) => version.releaseDate)
    expect(releases).toEqual([...releases].sort().reverse())
  })

  it('has add-ons, middleware products and support plans with integer cent prices', () => {
    expect(catalog.addOns.length).toBeGreaterThanOrEqual(5)
    expect(catalog.middlewareProducts.length).toBeGreaterThanOrEqual(5)
    expect(catalog.supportPlans.map((plan) => plan.id)).toEqual([
      'basic',
      'developer',
      'business',
      'enterprise',
    ])
    expect(catalog.supportPlans[0]).toMatchObject({ monthlyPriceCents: 0 })
  })

  it('prices a configuration built from the catalog with the shared pricing rules', () => {
    const blue = catalog.clusterTypes.find((type) => type.id === 'blue')!
    const flavor = catalog.nodeFlavors.find((candidate) => candidate.id === 'gp-4-16')!
    const monitoring = catalog.addOns.find((addOn) => addOn.id === 'monitoring')!
    const price = monthlyPrice({
      clusterType: blue,
      nodePools: [{ flavor, nodeCount: 3 }],
      addOns: [monitoring],
    })
    expect(price.totalCents).toBe(7_900 + 29_784 + 4_900)
  })
})

describe('GET /api/cluster-tiers', () => {
  it('still answers exactly the seven {id, name} pairs', async () => {
    const response = await new TestClient(server.app).get('/api/cluster-tiers')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      { id: 'blue', name: 'Standard' },
      { id: 'red', name: 'Enterprise' },
      { id: 'green', name: 'Economy' },
      { id: 'data', name: 'Data Analytics' },
      { id: 'ai', name: 'AI/ML' },
      { id: 'orange', name: 'Dev/Test' },
      { id: 'sandbox', name: 'Sandbox' },
    ])
  })

  it('names each type as the interface does, without the internal colour words', async () => {
    const tiers: Array<{ id: keyof typeof common.clusterTypes; name: string }> = (
      await new TestClient(server.app).get('/api/cluster-tiers')
    ).json()
    for (const tier of tiers) expect(tier.name).toBe(common.clusterTypes[tier.id])
  })
})

describe('the catalog seed', () => {
  it('runs again without duplicating rows or overwriting an edited cluster type', async () => {
    const tableSizes = async () =>
      Promise.all(
        [clusterTypes, nodeFlavors, dataCenters].map(async (table) => {
          const [row] = await server.db.select({ value: count() }).from(table)
          return row!.value
        }),
      )
    const before = await tableSizes()
    await server.db
      .update(clusterTypes)
      .set({ tagline: 'Edited by super_admin' })
      .where(eq(clusterTypes.id, 'blue'))
    await seedCatalog(server.db)
    expect(await tableSizes()).toEqual(before)
    const [blue] = await server.db.select().from(clusterTypes).where(eq(clusterTypes.id, 'blue'))
    expect(blue!.tagline).toBe('Edited by super_admin')
  })

  it('fills in cluster types left from before the catalog columns', async () => {
    await server.db
      .update(clusterTypes)
      .set({ tagline: '', baseMonthlyPriceCents: 0, includedFeatures: [] })
      .where(eq(clusterTypes.id, 'red'))
    await seedCatalog(server.db)
    const [red] = await server.db.select().from(clusterTypes).where(eq(clusterTypes.id, 'red'))
    expect(red).toMatchObject({ name: 'Enterprise', position: 1, baseMonthlyPriceCents: 49_900 })
    expect(red!.tagline).not.toBe('')
  })

  it('gives products translated before their sheets were the sheet’s French, and keeps one already there', async () => {
    const [before] = await server.db.select().from(addOns).where(eq(addOns.id, 'backup'))
    const { sheet, ...texts } = before!.french
    expect(Object.keys(sheet ?? {}).length).toBeGreaterThan(5)
    await server.db.update(addOns).set({ french: texts }).where(eq(addOns.id, 'backup'))
    const edited = { ...before!.french, sheet: { 'Backup schedule': 'Rythme des sauvegardes' } }
    await server.db.update(addOns).set({ french: edited }).where(eq(addOns.id, 'monitoring'))

    await seedCatalog(server.db)
    const [backup] = await server.db.select().from(addOns).where(eq(addOns.id, 'backup'))
    expect(backup!.french).toEqual(before!.french)
    const [monitoring] = await server.db.select().from(addOns).where(eq(addOns.id, 'monitoring'))
    expect(monitoring!.french).toEqual(edited)
  })
})

describe('a product sheet’s French', () => {
  it('comes with the product, not with the catalog or the product list', async () => {
    const client = new TestClient(server.app)
    const product = (await client.get('/api/products/postgresql')).json() as Product
    const sheet = product.french?.sheet ?? {}
    for (const change of product.versions[0]!.changes) expect(sheet[change.text]).toMatch(/\p{L}/u)
    expect(sheet[product.afterInstall]).toBeDefined()
    expect(sheet[product.afterInstall]).not.toBe(product.afterInstall)

    const list = (await client.get('/api/products')).json() as ProductSummary[]
    const catalogRows = [...catalog.addOns, ...catalog.middlewareProducts]
    for (const row of [...list, ...catalogRows]) {
      expect(row.french?.sheet).toBeUndefined()
      expect(row.french?.name ?? row.french?.description).toBeDefined()
    }
  })
})
