import { Ajv2020 } from 'ajv/dist/2020.js'
import formats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product, ProductSummary } from '#common/schemas/products.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/** The marketplace's products as the API answers them, with details every product must have. */

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function get<T>(url: string): Promise<T> {
  const response = await server.app.inject({ method: 'GET', url })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe('products', () => {
  it('lists add-ons then middleware, each kind filterable, with ids unique across both', async () => {
    const all = await get<ProductSummary[]>('/api/products')
    const addOns = await get<ProductSummary[]>('/api/products?kind=add_on')
    const middleware = await get<ProductSummary[]>('/api/products?kind=middleware')
    expect(all).toEqual([...addOns, ...middleware])
    expect(addOns.map((product) => product.id)).toContain('monitoring')
    expect(middleware.map((product) => product.id)).toEqual(
      expect.arrayContaining([
        'postgresql',
        'mariadb',
        'valkey',
        'rabbitmq',
        'kafka',
        'opensearch',
        'minio',
        'keycloak',
      ]),
    )
    expect(new Set(all.map((product) => product.id)).size).toBe(all.length)
    const invalid = await server.app.inject({ method: 'GET', url: '/api/products?kind=plugin' })
    expect(invalid.statusCode).toBe(400)
  })

  it('gives each product a chart, versions newest first, a settings schema whose defaults pass it, and its price', async () => {
    const ajv = new Ajv2020({ allErrors: true, useDefaults: true, strict: false })
    formats.default(ajv)
    for (const { id } of await get<ProductSummary[]>('/api/products')) {
      const product = await get<Product>(`/api/products/${id}`)
      expect(product.chart.repository).toMatch(/^(https|oci):\/\//)
      const released = product.versions.map((version) => version.releasedOn)
      expect(released).toEqual([...released].sort().reverse())
      expect(product.latestVersion).toBe(product.versions[0]!.version)
      const validate = ajv.compile(product.settingsSchema)
      const settings = {}
      // Defaults filled in, required names included, must be valid settings as they stand.
      expect(validate(settings), `${id}: ${JSON.stringify(validate.errors)}`).toBe(true)
      const prices = product.plans.map((plan) => plan.monthlyPriceCents)
      expect(product.fromMonthlyPriceCents).toBe(
        prices.length ? Math.min(...prices) : product.monthlyPriceCents,
      )
    }
  })

  it('answers PostgreSQL with its S, M and L plans, and 404 for a product that does not exist', async () => {
    const postgresql = await get<Product>('/api/products/postgresql')
    expect(postgresql).toMatchObject({
      kind: 'middleware',
      category: 'database',
      publisher: { verified: true },
    })
    expect(postgresql.plans.map((plan) => [plan.id, plan.monthlyPriceCents])).toEqual([
      ['s', 5_900],
      ['m', 14_750],
      ['l', 35_400],
    ])
    const missing = await server.app.inject({ method: 'GET', url: '/api/products/nothing-here' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'No such product' })
  })
})
