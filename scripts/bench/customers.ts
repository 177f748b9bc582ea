/**
 * The people and orders a benchmark needs: customers signed up through the API or written
 * straight into the database with their sessions, and cluster orders placed as the wizard does.
 */

import { api } from '#common/contract/index.ts'
import {
  type ClusterConfiguration,
  DEFAULT_POD_CIDR,
  DEFAULT_SERVICE_CIDR,
} from '#common/schemas/clusters.ts'
import type { Database } from '#server/db/client.ts'
import { organizations, users } from '#server/db/schema/index.ts'
import { createSession } from '#server/modules/auth/index.ts'
import { forEachWithConcurrency, type RunningServer } from './harness.ts'

/** The production session cookie (server/plugins/auth.ts): `__Host-` prefixed, sent here over plain HTTP. */
export const PRODUCTION_SESSION_COOKIE = '__Host-cd_session'

/** Signs up a new customer through the real registration route and returns its session cookie. */
export async function registerCustomer(server: RunningServer, username: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}${api.auth.register.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({
      username,
      email: `${username}@bench.example.com`,
      name: 'Bench Customer',
      password: 'bench-passphrase-not-common-2026',
      companyName: 'Bench Company',
    }),
    signal: AbortSignal.timeout(15_000),
  })
  if (response.status !== 200) {
    throw new Error(`registering ${username} answered ${response.status}: ${await response.text()}`)
  }
  return sessionCookieOf(response)
}

export function sessionCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith(`${PRODUCTION_SESSION_COOKIE}=`))
  if (!cookie) throw new Error(`no ${PRODUCTION_SESSION_COOKIE} cookie in the response`)
  return cookie
}

/** Customers signed in straight in the database, ten per organization: their ids and session cookies. */
export async function createSignedInCustomers(
  db: Database,
  secret: string,
  count: number,
  label: string,
): Promise<{ userIds: string[]; cookies: string[] }> {
  const userIds = await createCustomers(db, count, label)
  return { userIds, cookies: await createSessions(db, secret, userIds, label) }
}

const USERS_PER_ORGANIZATION = 10

/** Customers straight in the database (they never sign in with a password, so the hash is a stand-in). */
async function createCustomers(db: Database, count: number, label: string): Promise<string[]> {
  const organizationIds: string[] = []
  const organizationCount = Math.ceil(count / USERS_PER_ORGANIZATION)
  for (let start = 0; start < organizationCount; start += 500) {
    const rows = await db
      .insert(organizations)
      .values(
        Array.from({ length: Math.min(500, organizationCount - start) }, (_, offset) => ({
          name: `Bench Organization ${start + offset}`,
          billingId: `BENCH-${label.toUpperCase()}-${start + offset}`,
        })),
      )
      .returning({ id: organizations.id })
    organizationIds.push(...rows.map((row) => row.id))
  }
  const userIds: string[] = []
  for (let start = 0; start < count; start += 500) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
          const index = start + offset
          return {
            username: `bench.${label}.${index}`,
            email: `bench.${label}.${index}@bench.example.com`,
            name: `Bench User ${index}`,
            passwordHash: 'not-a-password-hash',
            emailVerified: true,
            organizationId: organizationIds[Math.floor(index / USERS_PER_ORGANIZATION)]!,
          }
        }),
      )
      .returning({ id: users.id })
    userIds.push(...rows.map((row) => row.id))
  }
  return userIds
}

async function createSessions(
  db: Database,
  secret: string,
  userIds: string[],
  label: string,
): Promise<string[]> {
  const cookies: string[] = new Array(userIds.length)
  await forEachWithConcurrency(
    userIds.map((userId, index) => ({ userId, index })),
    10,
    async ({ userId, index }) => {
      const { token } = await createSession(db, secret, userId, { userAgent: `bench:${label}` })
      cookies[index] = `${PRODUCTION_SESSION_COOKIE}=${token}`
    },
  )
  return cookies
}

/** One cluster order through the API, exactly as the wizard places it; the server confirms it. */
export async function orderBenchCluster(baseUrl: string, origin: string, cookie: string, index: number) {
  const response = await fetch(`${baseUrl}${api.orders.place.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie,
      origin,
      'idempotency-key': `bench-cluster-${index}`,
    },
    body: JSON.stringify({
      configuration: benchConfiguration(index),
      billingCycle: 'monthly',
      currency: 'EUR',
      promoCode: null,
    }),
  })
  const order = (await response.json()) as { status?: string; message?: string }
  if (response.status !== 201 || order.status !== 'confirmed')
    throw new Error(`POST ${api.orders.place.path}: ${response.status} ${order.status ?? order.message}`)
}

/** Clusters of one or two pools of 1–5 nodes, a third of them with add-ons. */
function benchConfiguration(index: number): ClusterConfiguration {
  const pool = (name: string, nodeCount: number) => ({
    name,
    flavorId: 'gp-2-8',
    nodeCount,
    autoscaling: { enabled: false, min: 1, max: nodeCount },
    labels: {},
    taints: [],
  })
  return {
    name: `bench-${String(index).padStart(5, '0')}`,
    clusterTypeId: 'blue',
    dataCenterCode: 'de-fra-1',
    kubernetesVersion: '1.36',
    nodePools:
      index % 2 === 0 ? [pool('web', 1 + (index % 5))] : [pool('web', 2), pool('jobs', 1 + (index % 3))],
    networking: {
      cni: 'cilium',
      privateNetwork: true,
      podCidr: DEFAULT_POD_CIDR,
      serviceCidr: DEFAULT_SERVICE_CIDR,
      apiAllowList: [],
    },
    addOnIds: index % 3 === 0 ? ['monitoring', 'cert-manager'] : [],
    maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
  }
}
