import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROMO_MESSAGES, priceConfiguration } from '#common/cluster-rules.ts'
import { FALLBACK_RATES } from '#common/money.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { ClusterDetail, PriceBreakdown } from '#common/schemas/clusters.ts'
import type { Order } from '#common/schemas/orders.ts'
import { clusterOperations, clusters, orders, organizations, users } from '#server/db/schema/index.ts'
import { insertRunningCluster, plainConfiguration } from '#server/db/seed/running-cluster.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { signedInClient, verifiedUser } from '#tests/helpers/auth.ts'
import { blueConfiguration, orderBody } from '#tests/helpers/orders.ts'
import { startTestServer, type TestClient, type TestServer } from '#tests/helpers/server.ts'

/** Orders against the real server and database: pricing, idempotency, approval, isolation. */

let server: TestServer
let catalog: Catalog
let officer: TestClient

beforeAll(async () => {
  server = await startTestServer({ PROVISIONING_SPEED: '2000' })
  officer = await signedInClient(server, 'officer')
  catalog = (await officer.get('/api/catalog')).json()
})
afterAll(() => server.close())

function placeOrder(client: TestClient, body: object, key: string = randomUUID()) {
  return client.request({
    method: 'POST',
    url: '/api/orders',
    payload: body,
    headers: { 'idempotency-key': key },
  })
}

/** A customer of an organization of its own, so promotions and credit limits start afresh. */
async function newCustomer() {
  const { client, registration } = await verifiedUser(server)
  const [user] = await server.db.select().from(users).where(eq(users.username, registration.username))
  return { client, organizationId: user!.organizationId, userId: user!.id }
}

async function waitForStatus(client: TestClient, clusterId: string, status: string): Promise<ClusterDetail> {
  const deadline = Date.now() + 30_000
  let cluster: ClusterDetail | undefined
  while (Date.now() < deadline) {
    cluster = (await client.get(`/api/clusters/${clusterId}`)).json()
    if (cluster?.status === status) return cluster
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Cluster stayed ${cluster?.status}, never ${status}`)
}

describe('references', () => {
  it('an order seeded with its running cluster (the demo data) is numbered like a placed one', async () => {
    const { organizationId } = await newCustomer()
    const cluster = await inTransaction(server.db, ({ tx }) =>
      insertRunningCluster(tx, organizationId, plainConfiguration(`seeded-${randomUUID().slice(0, 6)}`), {
        since: new Date(Date.now() - 86_400_000),
        catalog,
        secretsKey: server.ctx.config.secretsKey,
      }),
    )
    const [seeded] = await server.db.select().from(orders).where(eq(orders.clusterId, cluster.id))
    expect(seeded!.reference).toMatch(/^ORD-\d{4}-\d{6}$/)
  })
})

describe('price', () => {
  it('is recomputed on the server: a tampered client price is ignored', async () => {
    const { client } = await newCustomer()
    const body = orderBody(blueConfiguration(), { clientTotalCents: 1 })
    const response = await placeOrder(client, body)
    expect(response.statusCode, response.body).toBe(201)
    const order: Order = response.json()
    const expected = priceConfiguration(body.configuration as never, catalog, {
      billingCycle: 'monthly',
      promoCode: null,
      isFirstPaidOrder: true,
    })
    expect(order.price.totalCents).toBe(42_584)
    expect(order.price).toEqual(expected)
    const [row] = await server.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.totalCents).toBe(42_584)
  })

  it('quotes yearly as ten months and gives PARIS 5% off the first purchase only', async () => {
    const { client } = await newCustomer()
    // The account says the offer is there until the first purchase, and gone after it.
    expect((await client.get('/api/user')).json()).toMatchObject({ promotionAvailable: true })
    const yearly = orderBody(blueConfiguration(), { billingCycle: 'yearly', promoCode: 'paris' })
    const quote = (await client.post('/api/orders/quote', yearly)).json()
    expect(quote).toMatchObject({
      subtotalCents: 425_840,
      discountCents: 21_292,
      totalCents: 404_548,
      promoCode: 'PARIS',
    })

    const first = await placeOrder(client, yearly)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json().price).toMatchObject({ promoCode: 'PARIS', discountCents: 21_292 })
    await expect
      .poll(async () => (await client.get('/api/user')).json().promotionAvailable, { timeout: 10_000 })
      .toBe(false)

    const secondBody = orderBody(blueConfiguration(), { promoCode: 'PARIS' })
    const secondQuote = (await client.post('/api/orders/quote', secondBody)).json()
    expect(secondQuote).toMatchObject({ discountCents: 0, promoMessage: PROMO_MESSAGES.not_first_paid_order })
    const second = await placeOrder(client, secondBody)
    expect(second.statusCode).toBe(422)
    expect(second.json()).toMatchObject({
      message: PROMO_MESSAGES.not_first_paid_order,
      code: 'PROMO_CODE_REFUSED',
    })
  })
})

describe('yearly invoice', () => {
  it('invoices a yearly cluster for its year when ordered: ten months less the promotion, VAT on top', async () => {
    const { client } = await newCustomer()
    const placed = await placeOrder(
      client,
      orderBody(blueConfiguration(), { billingCycle: 'yearly', promoCode: 'PARIS' }),
    )
    expect(placed.statusCode, placed.body).toBe(201)
    const deadline = Date.now() + 20_000
    let listed: { items: { id: string }[] } = { items: [] }
    while (listed.items.length === 0 && Date.now() < deadline) {
      listed = (await client.get('/api/billing/invoices')).json()
      if (listed.items.length === 0) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(listed.items).toHaveLength(1)
    const invoice = (await client.get(`/api/billing/invoices/${listed.items[0]!.id}`)).json()
    const rate = invoice.exchangeRate
    expect(invoice.lines).toEqual([
      expect.objectContaining({ kind: 'yearly_commitment', amountCents: Math.round(425_840 * rate) }),
      expect.objectContaining({ kind: 'discount', amountCents: -Math.round(21_292 * rate) }),
    ])
    expect(invoice.subtotalCents).toBe(Math.round(425_840 * rate))
    expect(invoice.discountCents).toBe(Math.round(21_292 * rate))
    expect(invoice.totalCents).toBe(invoice.taxableCents + invoice.vatCents)
    expect(invoice.status).toBe('open')
  })
})

describe('Idempotency-Key', () => {
  it('gives the same order for the same key and body, and a 409 for another body', async () => {
    const { client, organizationId } = await newCustomer()
    const key = randomUUID()
    const body = orderBody()
    const first = await placeOrder(client, body, key)
    const again = await placeOrder(client, body, key)
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(first.json().id)
    expect(
      await server.db.select().from(orders).where(eq(orders.organizationId, organizationId)),
    ).toHaveLength(1)
    expect(
      await server.db.select().from(clusters).where(eq(clusters.organizationId, organizationId)),
    ).toHaveLength(1)

    const other = await placeOrder(client, orderBody(blueConfiguration('another-name')), key)
    expect(other.statusCode).toBe(409)
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it('leaves out the total the browser showed: a retry showing another figure is the same order', async () => {
    const { client, organizationId } = await newCustomer()
    const key = randomUUID()
    const configuration = blueConfiguration()
    const first = await placeOrder(client, orderBody(configuration, { clientTotalCents: 42_584 }), key)
    const again = await placeOrder(client, orderBody(configuration, { clientTotalCents: 1 }), key)
    const without = await placeOrder(client, orderBody(configuration), key)
    expect(first.statusCode, first.body).toBe(201)
    expect([again.statusCode, without.statusCode]).toEqual([200, 200])
    expect([again.json().id, without.json().id]).toEqual([first.json().id, first.json().id])
    expect(
      await server.db.select().from(orders).where(eq(orders.organizationId, organizationId)),
    ).toHaveLength(1)
  })

  it('is required', async () => {
    const { client } = await newCustomer()
    const response = await client.post('/api/orders', orderBody())
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain('Idempotency-Key')
  })

  it('makes concurrent retries of one order a single order', async () => {
    const { client, organizationId } = await newCustomer()
    const key = randomUUID()
    const body = orderBody()
    const responses = await Promise.all([placeOrder(client, body, key), placeOrder(client, body, key)])
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201])
    expect(
      await server.db.select().from(orders).where(eq(orders.organizationId, organizationId)),
    ).toHaveLength(1)
  })
})

describe('approval', () => {
  const hdsConfiguration = () => ({
    ...blueConfiguration(),
    clusterTypeId: 'red',
    dataCenterCode: 'fr-par-1',
  })

  it('holds an HDS order for an officer, whose approval starts provisioning', async () => {
    const { client } = await newCustomer()
    const placed = await placeOrder(client, orderBody(hdsConfiguration()))
    expect(placed.statusCode, placed.body).toBe(201)
    const order: Order = placed.json()
    expect(order).toMatchObject({ status: 'pending_approval', clusterId: null })
    expect(order.approvalReason).toContain('HDS')

    expect((await client.post(`/api/officers/orders/${order.id}/approve`, {})).statusCode).toBe(403)
    const queue = (await officer.get('/api/officers/orders')).json()
    expect(queue.items.map((item: Order) => item.id)).toContain(order.id)

    const approved = await officer.post(`/api/officers/orders/${order.id}/approve`, {
      note: 'HDS contract on file',
    })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toMatchObject({ status: 'confirmed', decisionNote: 'HDS contract on file' })
    const clusterId = approved.json().clusterId
    const operations = await server.db
      .select()
      .from(clusterOperations)
      .where(eq(clusterOperations.clusterId, clusterId))
    expect(operations.map((operation) => operation.kind)).toEqual(['create'])
    await waitForStatus(client, clusterId, 'running')

    expect((await officer.post(`/api/officers/orders/${order.id}/approve`, {})).statusCode).toBe(409)
  })

  it('holds an order above the credit limit, and a declined one is cancelled with the reason', async () => {
    const { client, organizationId } = await newCustomer()
    await server.db
      .update(organizations)
      .set({ creditLimitCents: 10_000 })
      .where(eq(organizations.id, organizationId))
    const order: Order = (await placeOrder(client, orderBody())).json()
    expect(order.status).toBe('pending_approval')
    expect(order.approvalReason).toContain('credit limit')
    const declined = await officer.post(`/api/officers/orders/${order.id}/reject`, {
      note: 'Raise the limit first',
    })
    expect(declined.json()).toMatchObject({ status: 'cancelled', decisionNote: 'Raise the limit first' })
    expect((await client.get(`/api/orders/${order.id}`)).json().status).toBe('cancelled')
  })

  it('weighs the order against a limit set in the billing currency, converted at the day’s rate', async () => {
    // The test server has no rate service: it converts at the fallback rates.
    const rate = FALLBACK_RATES.GBP
    const weigh = async (limitAboveCents: number) => {
      const { client, organizationId } = await newCustomer()
      const quoted: PriceBreakdown = (await client.post('/api/orders/quote', orderBody())).json()
      const inPounds = Math.round(quoted.totalCents * rate)
      await server.db
        .update(organizations)
        .set({ billingCurrency: 'GBP', creditLimitCents: inPounds + limitAboveCents })
        .where(eq(organizations.id, organizationId))
      return ((await placeOrder(client, orderBody())).json() as Order).status
    }
    // A limit in pence just above the order in pounds lets it through, though it is below its
    // figure in US cents; just below, the order waits for an officer.
    expect(await weigh(100)).toBe('confirmed')
    expect(await weigh(-100)).toBe('pending_approval')
  })

  it('lets the customer withdraw an order that waits', async () => {
    const { client } = await newCustomer()
    const order: Order = (await placeOrder(client, orderBody(hdsConfiguration()))).json()
    const cancelled = await client.post(`/api/orders/${order.id}/cancel`)
    expect(cancelled.json().status).toBe('cancelled')
    expect((await client.post(`/api/orders/${order.id}/cancel`)).statusCode).toBe(409)
  })
})

describe('a bad configuration', () => {
  it('gets a 400 naming the field at fault', async () => {
    const { client } = await newCustomer()
    const notAllowed = blueConfiguration()
    notAllowed.nodePools[0]!.flavorId = 'gpu-h100-1'
    const flavor = await placeOrder(client, orderBody(notAllowed))
    expect(flavor.statusCode).toBe(400)
    expect(flavor.json().issues[0].path).toBe('body.configuration.nodePools.0.flavorId')

    const autoscaling = blueConfiguration()
    autoscaling.nodePools[0]!.autoscaling = { enabled: true, min: 5, max: 2 }
    const bounds = await placeOrder(client, orderBody(autoscaling))
    expect(bounds.statusCode).toBe(400)
    expect(bounds.json().issues.map((issue: { path: string }) => issue.path)).toContain(
      'body.configuration.nodePools.0.autoscaling.min',
    )

    const hdsWithBlue = { ...blueConfiguration(), dataCenterCode: 'fr-par-1' }
    const compliance = await placeOrder(client, orderBody(hdsWithBlue))
    expect(compliance.statusCode).toBe(400)
    expect(compliance.json().issues[0]).toMatchObject({ path: 'body.configuration.dataCenterCode' })
  })

  it('refuses a second live cluster with the same name', async () => {
    const { client } = await newCustomer()
    const configuration = blueConfiguration('same-name')
    expect((await placeOrder(client, orderBody(configuration))).statusCode).toBe(201)
    const again = await placeOrder(client, orderBody(configuration))
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('CLUSTER_NAME_TAKEN')
  })
})

describe('clusters', () => {
  let owner: TestClient
  let ownerId: string
  let clusterId: string

  beforeAll(async () => {
    const customer = await newCustomer()
    owner = customer.client
    ownerId = customer.userId
    clusterId = (await placeOrder(owner, orderBody())).json().clusterId
  })

  it('answers another organization with 404 on every read and change', async () => {
    const stranger = (await newCustomer()).client
    const tries = [
      stranger.get(`/api/clusters/${clusterId}`),
      stranger.get(`/api/clusters/${clusterId}/events`),
      stranger.post(`/api/clusters/${clusterId}/kubeconfig`, { lifetime: '1d' }),
      stranger.request({
        method: 'PATCH',
        url: `/api/clusters/${clusterId}/node-pools/workers`,
        payload: { nodeCount: 4, autoscaling: { enabled: false, min: 1, max: 4 } },
      }),
      stranger.post(`/api/clusters/${clusterId}/upgrade`, { version: '1.37' }),
      stranger.request({
        method: 'DELETE',
        url: `/api/clusters/${clusterId}`,
        payload: { confirmName: 'x' },
      }),
    ]
    for (const response of await Promise.all(tries)) expect(response.statusCode, response.body).toBe(404)
    const list = (await stranger.get('/api/clusters')).json()
    expect(list.items).toEqual([])
  })

  it('refuses a change while another is in progress with 409', async () => {
    const cluster = await waitForStatus(owner, clusterId, 'running')
    expect(cluster.nodeCount).toBe(3)
    const scale = (nodeCount: number) =>
      owner.request({
        method: 'PATCH',
        url: `/api/clusters/${clusterId}/node-pools/workers`,
        payload: { nodeCount, autoscaling: { enabled: false, min: 1, max: nodeCount } },
      })
    const [first, second] = await Promise.all([
      scale(4),
      owner.post(`/api/clusters/${clusterId}/upgrade`, { version: '1.37' }),
    ])
    const statuses = [first.statusCode, second.statusCode].sort()
    expect(statuses).toEqual([202, 409])
    const refused = first.statusCode === 409 ? first : second
    expect(refused.json().code).toBe('OPERATION_IN_PROGRESS')
  })

  it('issues kubeconfigs that stop working when the credentials rotate', async () => {
    await waitForStatus(owner, clusterId, 'running')
    // Credentials go to proven addresses only.
    await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, ownerId))
    const response = await owner.post(`/api/clusters/${clusterId}/kubeconfig`, { lifetime: '1d' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-disposition']).toContain('-kubeconfig.yaml')
    const token = /token: (\S+)/.exec(response.body)?.[1]
    expect(token).toMatch(/^cdk_/)
    const review = () =>
      owner.post(`/api/clusters/${clusterId}/token-review`, { kind: 'TokenReview', spec: { token } })
    expect((await review()).json().status.authenticated).toBe(true)
    expect((await owner.post(`/api/clusters/${clusterId}/credentials/rotate`)).statusCode).toBe(200)
    expect((await review()).json().status.authenticated).toBe(false)
  })

  it('deletes only when the name is typed', async () => {
    await waitForStatus(owner, clusterId, 'running')
    const wrong = await owner.request({
      method: 'DELETE',
      url: `/api/clusters/${clusterId}`,
      payload: { confirmName: 'nope' },
    })
    expect(wrong.statusCode).toBe(400)
    const name = (await owner.get(`/api/clusters/${clusterId}`)).json().name
    const deleted = await owner.request({
      method: 'DELETE',
      url: `/api/clusters/${clusterId}`,
      payload: { confirmName: name },
    })
    expect(deleted.statusCode, deleted.body).toBe(202)
    await waitForStatus(owner, clusterId, 'deleted')
    expect((await owner.get('/api/clusters')).json().items).toEqual([])
  })
})
