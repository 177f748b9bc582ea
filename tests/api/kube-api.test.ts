import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { DEMO_ACCOUNTS } from '#common/demo-accounts.ts'
import { type Cluster, clusterNodes, clusters, usageRecords, users } from '#server/db/schema/index.ts'
import { seedDemoBilling } from '#server/db/seed/demo-billing.ts'
import { insertRunningCluster, plainConfiguration } from '#server/db/seed/running-cluster.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { getCatalog } from '#server/modules/catalog/service.ts'
import {
  type KubeApiListener,
  startKubeApiListener,
} from '#server/modules/clusters/control-plane/listener.ts'
import {
  downloadKubeconfig,
  mergedKubeconfig,
  rotateCredentials,
} from '#server/modules/clusters/kubeconfig.ts'
import { findClusterRow } from '#tests/helpers/clusters.ts'
import { kubeApiRequest } from '#tests/helpers/kube-api-request.ts'
import { kubeBinaries } from '#tests/helpers/kube-binaries.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * The simulated clusters' Kubernetes API against the real kubectl, with kubeconfigs downloaded
 * the way the cluster page issues them: discovery, the tables of `kubectl get`, whoami, RBAC of the
 * two groups, the token review's refusals, and handshakes refused for clusters that are not up.
 */

const KUBECTL_TIMEOUT_MS = 30_000
let server: TestServer
let listener: KubeApiListener
let home: string
let owner: Caller & { username: string }
let member: Caller & { username: string }

beforeAll(async () => {
  server = await startTestServer()
  listener = await startKubeApiListener(server.ctx, { port: 0, host: '127.0.0.1', hostCacheMs: 0 })
  home = mkdtempSync(path.join(os.tmpdir(), 'kube-api-home-'))
  owner = await demoCaller('admin')
  member = await demoCaller('demo')
  kubeBinaries()
}, 120_000)
afterAll(async () => {
  await listener?.close()
  await server?.close()
  if (home) rmSync(home, { recursive: true, force: true })
})

async function demoCaller(username: string) {
  const account = DEMO_ACCOUNTS.find((entry) => entry.username === username)!
  const [row] = await server.db.select().from(users).where(eq(users.username, account.username))
  return { userId: row!.id, organizationId: row!.organizationId, role: row!.role, username }
}

/** A running simulated cluster, built by its create steps: endpoint, CA with its sealed key, nodes. */
async function runningCluster(status: Cluster['status'] = 'running') {
  const configuration = plainConfiguration(`kube-${randomBytes(3).toString('hex')}`, {
    addOnIds: ['monitoring'],
  })
  const catalog = await getCatalog(server.db)
  const cluster = await inTransaction(server.db, ({ tx }) =>
    insertRunningCluster(tx, owner.organizationId, configuration, {
      since: new Date(Date.now() - 3 * 86_400_000),
      catalog,
      secretsKey: server.ctx.config.secretsKey,
    }),
  )
  // Built by the engine's own create steps: endpoint, CA with its sealed key, nodes.
  const built = await findClusterRow(server.db, cluster.id)
  expect(built.caKey).toBeTruthy()
  const nodes = await server.db
    .select()
    .from(clusterNodes)
    .where(eq(clusterNodes.clusterId, cluster.id))
    .orderBy(asc(clusterNodes.name))
  const stored = { ...cluster, endpoint: built.endpoint!, nodes }
  if (status !== 'running') await setStatus(cluster.id, status)
  return stored
}

const setStatus = (clusterId: string, status: Cluster['status']) =>
  server.db.update(clusters).set({ status }).where(eq(clusters.id, clusterId))

/** The kubeconfig as downloaded, its server moved to the test's listener port; its path. */
async function kubeconfigFile(
  caller: Caller,
  clusterId: string,
  edit?: (document: KubeconfigDocument) => void,
) {
  const { text } = await downloadKubeconfig(server.ctx, caller, clusterId, '1d')
  const document = parse(text) as KubeconfigDocument
  const entry = document.clusters[0]!.cluster
  expect(entry.server).toBe(server.ctx.config.kubeApi.url)
  entry.server = `https://localhost:${listener.port}`
  edit?.(document)
  const file = path.join(home, `kubeconfig-${randomBytes(4).toString('hex')}.yaml`)
  writeFileSync(file, stringify(document), { mode: 0o600 })
  return { file, document }
}
type KubeconfigDocument = {
  clusters: { name: string; cluster: Record<string, string> }[]
  users: { name: string; user: { token: string } }[]
}

type Run = { code: number; stdout: string; stderr: string }
function kubectl(kubeconfig: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      kubeBinaries().kubectl,
      [`--kubeconfig=${kubeconfig}`, '--request-timeout=15s', ...args],
      { env: { HOME: home, PATH: process.env.PATH ?? '' }, timeout: KUBECTL_TIMEOUT_MS },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}
const ok = (run: Run) => {
  expect(run.stderr.replace(/^WARNING: version difference.*\n?/m, ''), run.stderr).toBe('')
  expect(run.code).toBe(0)
  return run.stdout
}

describe('kubectl against a running simulated cluster', () => {
  it('reads the version, the cluster info, the nodes, the namespaces and the events as an owner', async () => {
    const cluster = await runningCluster()
    const { file, document } = await kubeconfigFile(owner, cluster.id)
    expect(document.clusters[0]!.cluster['tls-server-name']).toBe(new URL(cluster.endpoint).hostname)

    expect(ok(await kubectl(file, 'version'))).toMatch(/Server Version: v1\.36\.6/)

    const info = ok(await kubectl(file, 'cluster-info'))
    expect(info).toMatch(/Kubernetes control plane.* is running at .*https:\/\/localhost:\d+/)
    expect(info).toMatch(
      /CoreDNS.* is running at .*\/api\/v1\/namespaces\/kube-system\/services\/kube-dns:dns\/proxy/,
    )

    const nodes = ok(await kubectl(file, 'get', 'nodes', '-o', 'wide'))
    const lines = nodes.trim().split('\n')
    expect(lines[0]).toMatch(
      /^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION\s+INTERNAL-IP\s+EXTERNAL-IP\s+OS-IMAGE\s+KERNEL-VERSION\s+CONTAINER-RUNTIME$/,
    )
    expect(lines).toHaveLength(cluster.nodes.length + 1)
    for (const node of cluster.nodes) {
      const line = lines.find((entry) => entry.startsWith(`${node.name} `))
      expect(line, nodes).toMatch(
        new RegExp(
          `^${node.name}\\s+Ready\\s+worker\\s+3d\\s+v1\\.36\\.6\\s+${node.internalIp.replaceAll('.', '\\.')}\\s+<none>\\s+Ubuntu`,
        ),
      )
    }

    // A node of the web pool, whose flavor (gp-2-8) has 2 vCPUs and 8 GiB.
    const web = cluster.nodes.find((node) => node.poolName === 'web')!
    const one = JSON.parse(ok(await kubectl(file, 'get', 'node', web.name, '-o', 'json')))
    expect(one).toMatchObject({
      kind: 'Node',
      metadata: {
        name: web.name,
        labels: { 'clusterdeck.eu/node-pool': 'web', 'kubernetes.io/hostname': web.name },
      },
      status: {
        capacity: { cpu: '2', memory: `${8 * 1024 * 1024}Ki` },
        nodeInfo: { kubeletVersion: 'v1.36.6' },
      },
    })

    const namespaces = ok(await kubectl(file, 'get', 'namespaces'))
    expect(namespaces).toMatch(/^NAME\s+STATUS\s+AGE\n/)
    for (const name of ['default', 'kube-node-lease', 'kube-public', 'kube-system', 'monitoring'])
      expect(namespaces).toMatch(new RegExp(`^${name}\\s+Active\\s+3d`, 'm'))

    const events = ok(await kubectl(file, 'get', 'events', '-A'))
    expect(events).toMatch(/^NAMESPACE\s+LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE\n/)
    expect(events).toContain(`node/${cluster.nodes[0]!.name}`)
    expect(events).toMatch(
      /default\s+\d+d\S*\s+Normal\s+NodeReady\s+node\/\S+\s+Node \S+ status is now: NodeReady/,
    )

    const missing = await kubectl(file, 'get', 'node', 'no-such-node')
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toContain('Error from server (NotFound): nodes "no-such-node" not found')
  }, 120_000)

  it('tells each person who they are; members list namespaces and events but not nodes', async () => {
    const cluster = await runningCluster()
    const asOwner = (await kubeconfigFile(owner, cluster.id)).file
    const asMember = (await kubeconfigFile(member, cluster.id)).file

    const whoOwner = ok(await kubectl(asOwner, 'auth', 'whoami'))
    expect(whoOwner).toMatch(new RegExp(`Username\\s+admin@${cluster.name}`))
    expect(whoOwner).toMatch(/Groups\s+\[system:authenticated clusterdeck:owners\]/)
    const whoMember = ok(await kubectl(asMember, 'auth', 'whoami', '-o', 'json'))
    expect(JSON.parse(whoMember).status.userInfo).toEqual({
      username: `demo@${cluster.name}`,
      uid: member.userId,
      groups: ['system:authenticated', 'clusterdeck:members'],
    })

    const nodes = await kubectl(asMember, 'get', 'nodes')
    expect(nodes.code).not.toBe(0)
    expect(nodes.stderr).toContain(
      `Error from server (Forbidden): nodes is forbidden: User "demo@${cluster.name}" cannot list resource "nodes" in API group "" at the cluster scope`,
    )
    expect(ok(await kubectl(asMember, 'get', 'namespaces'))).toMatch(/^kube-system\s+Active/m)
    expect(ok(await kubectl(asMember, 'get', 'events', '-A'))).toContain('NodeReady')
  }, 120_000)

  it('refuses a revoked credential as the API server does, with 401', async () => {
    const cluster = await runningCluster()
    const { file, document } = await kubeconfigFile(owner, cluster.id)
    ok(await kubectl(file, 'get', 'namespaces'))
    await rotateCredentials(server.ctx, owner, cluster.id)
    const refused = await kubectl(file, 'get', 'namespaces')
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('You must be logged in to the server (Unauthorized)')

    // The raw answer, for a client without kubectl: a Status with the real wording.
    const response = await rawRequest(
      new URL(cluster.endpoint).hostname,
      document,
      '/api/v1/nodes',
      'cdk_nope',
    )
    expect(response.status).toBe(401)
    expect(JSON.parse(response.body)).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Unauthorized',
      reason: 'Unauthorized',
      code: 401,
    })
  }, 120_000)

  it('answers unknown paths 404 and writes 405 as the API server words them', async () => {
    const cluster = await runningCluster()
    const { document } = await kubeconfigFile(owner, cluster.id)
    const host = new URL(cluster.endpoint).hostname
    const token = document.users[0]!.user.token
    const unknown = await rawRequest(host, document, '/api/v1/widgets', token)
    expect(unknown.status).toBe(404)
    expect(JSON.parse(unknown.body)).toMatchObject({
      reason: 'NotFound',
      message: 'the server could not find the requested resource',
      code: 404,
    })
    const deleting = await rawRequest(host, document, '/api/v1/namespaces/default', token, 'DELETE')
    expect(deleting.status).toBe(405)
    expect(JSON.parse(deleting.body)).toMatchObject({ reason: 'MethodNotAllowed', code: 405 })
    const table = await rawRequest(host, document, '/api/v1/namespaces', token, 'GET', {
      accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json',
    })
    expect(JSON.parse(table.body)).toMatchObject({
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      columnDefinitions: [{ name: 'Name' }, { name: 'Status' }, { name: 'Age' }],
      rows: expect.arrayContaining([
        expect.objectContaining({
          cells: ['default', 'Active', '3d'],
          object: expect.objectContaining({ kind: 'PartialObjectMetadata' }),
        }),
      ]),
    })
  }, 120_000)
})

describe('the demo organization’s clusters, seeded as `npm start` seeds them', () => {
  it('answer kubectl with the nodes they are billed for', async () => {
    // One clock for the seed and the check: an hour turning between them would look for a row
    // the seed never wrote.
    const now = new Date()
    await seedDemoBilling(server.db, owner.organizationId, { secretsKey: server.ctx.config.secretsKey, now })
    const demoClusters = await server.db
      .select()
      .from(clusters)
      .where(
        and(
          eq(clusters.organizationId, owner.organizationId),
          inArray(clusters.name, ['analytics', 'shop-production']),
        ),
      )
    expect(demoClusters).toHaveLength(2)
    const lastHour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 3_600_000)
    for (const cluster of demoClusters) {
      expect(cluster.status).toBe('running')
      const ordered = cluster.configuration!.nodePools.reduce((sum, pool) => sum + pool.nodeCount, 0)
      const { file } = await kubeconfigFile(owner, cluster.id)
      const names = ok(await kubectl(file, 'get', 'nodes', '-o', 'name'))
        .trim()
        .split('\n')
      expect(names).toHaveLength(ordered)
      for (const name of names) expect(name).toMatch(new RegExp(`^node/${cluster.name}-[a-z]+-[a-z0-9]{5}$`))
      expect(ok(await kubectl(file, 'get', 'events', '-A'))).toContain('NodeReady')
      // The last metered hour charged the nodes kubectl lists.
      const billed = await server.db
        .select({ quantity: usageRecords.quantity })
        .from(usageRecords)
        .where(
          and(
            eq(usageRecords.clusterId, cluster.id),
            eq(usageRecords.kind, 'nodes'),
            eq(usageRecords.hour, lastHour),
          ),
        )
      expect(billed.reduce((sum, row) => sum + row.quantity, 0)).toBe(names.length)
    }
  }, 300_000)
})

describe('a merged kubeconfig', () => {
  it('reaches each of its clusters through the one listener, by context', async () => {
    const first = await runningCluster()
    const second = await runningCluster()
    const text = await mergedKubeconfig(server.ctx, owner, [first.id, second.id], '1d')
    const document = parse(text) as KubeconfigDocument
    for (const entry of document.clusters) entry.cluster.server = `https://localhost:${listener.port}`
    const file = path.join(home, `merged-${randomBytes(4).toString('hex')}.yaml`)
    writeFileSync(file, stringify(document), { mode: 0o600 })
    for (const cluster of [first, second]) {
      const nodes = ok(await kubectl(file, '--context', cluster.name, 'get', 'nodes'))
      expect(nodes).toContain(cluster.nodes[0]!.name)
      expect(ok(await kubectl(file, '--context', cluster.name, 'auth', 'whoami'))).toContain(
        `admin@${cluster.name}`,
      )
    }
  }, 120_000)
})

describe('failed token reviews', () => {
  it('are limited per address: past the limit the address is answered 429 for a while', async () => {
    const cluster = await runningCluster()
    const { document } = await kubeconfigFile(owner, cluster.id)
    // The count is shared by every instance, in PostgreSQL: the earlier tests' refusals are forgotten.
    await server.db.$client.query("DELETE FROM rate_limit_buckets WHERE key LIKE 'kube-api-review:%'")
    const strict = await startKubeApiListener(server.ctx, {
      port: 0,
      host: '127.0.0.1',
      failedReviewsPerMinute: 3,
    })
    try {
      const ca = Buffer.from(
        document.clusters[0]!.cluster['certificate-authority-data']!,
        'base64',
      ).toString()
      const ask = (token: string) =>
        kubeApiRequest({
          port: strict.port,
          serverName: new URL(cluster.endpoint).hostname,
          ca,
          path: '/api',
          token,
        })
      const statuses = []
      for (let attempt = 0; attempt < 4; attempt++) statuses.push((await ask(`cdk_wrong${attempt}`)).status)
      expect(statuses).toEqual([401, 401, 401, 401])
      // Blocked now, even with a good token.
      const blocked = await ask(document.users[0]!.user.token)
      expect(blocked.status).toBe(429)
      expect(blocked.json()).toMatchObject({ kind: 'Status', reason: 'TooManyRequests', code: 429 })
    } finally {
      await strict.close()
    }
  }, 60_000)
})

describe('clusters whose API does not answer', () => {
  it('refuses the handshake of a hibernated cluster, so kubectl cannot connect', async () => {
    const cluster = await runningCluster()
    const { file } = await kubeconfigFile(owner, cluster.id)
    await setStatus(cluster.id, 'hibernated')
    const refused = await kubectl(file, 'get', 'nodes')
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/Unable to connect to the server|remote error: tls/)
    await setStatus(cluster.id, 'deleted')
    expect((await kubectl(file, 'version')).stderr).toMatch(
      /Unable to connect to the server|remote error: tls/,
    )
  }, 120_000)

  it('refuses a server name no cluster has, and a cluster reached under another cluster’s name', async () => {
    const cluster = await runningCluster()
    const other = await runningCluster()
    const unknown = await kubeconfigFile(owner, cluster.id, (document) => {
      document.clusters[0]!.cluster['tls-server-name'] = 'nobody-000000.de-fra-1.k8s.clusterdeck.eu'
    })
    const refused = await kubectl(unknown.file, 'get', 'namespaces')
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/Unable to connect to the server|remote error: tls/)
    // The other cluster's name: its certificate, which this cluster's CA did not sign.
    const crossed = await kubeconfigFile(owner, cluster.id, (document) => {
      document.clusters[0]!.cluster['tls-server-name'] = new URL(other.endpoint).hostname
    })
    const untrusted = await kubectl(crossed.file, 'get', 'namespaces')
    expect(untrusted.code).not.toBe(0)
    expect(untrusted.stderr).toMatch(/certificate signed by unknown authority|x509/)
  }, 120_000)
})

/** One request with the kubeconfig's CA and token, to the cluster's server name. */
function rawRequest(
  host: string,
  document: KubeconfigDocument,
  requestPath: string,
  token: string,
  method = 'GET',
  headers: Record<string, string> = {},
) {
  const ca = Buffer.from(document.clusters[0]!.cluster['certificate-authority-data']!, 'base64').toString()
  return kubeApiRequest({
    port: listener.port,
    serverName: host,
    ca,
    path: requestPath,
    token,
    method,
    headers,
  })
}
