import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { api as endpoints } from '../../common/contract/index.ts'
import { CURRENCIES, type Currency } from '../../common/money.ts'
import { BILLING_CYCLES } from '../../common/pricing.ts'
import {
  CLUSTER_STATUSES,
  type ClusterDetail,
  type ClusterSummary,
  clusterConfigurationSchema,
  DEFAULT_POD_CIDR,
  DEFAULT_SERVICE_CIDR,
} from '../../common/schemas/clusters.ts'
import { type CommandSpec, type Context, durationMs, WAIT_OPTIONS } from '../command.ts'
import { CliError, EXIT, usageError } from '../errors.ts'
import { ago, type Column, formatList, formatOne, money, table } from '../output.ts'
import { DEFAULT_TIMEOUT_MS, followOperation, pollUntil } from '../wait.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A cluster named by id or by name (exact, among the organization's clusters). */
export async function clusterIdOf(context: Context, given: string): Promise<string> {
  if (UUID.test(given)) return given
  const page = await context.call(endpoints.clusters.list, { query: { search: given, limit: 100 } })
  const found = page.items.find((cluster) => cluster.name === given)
  if (!found) throw new CliError(EXIT.notFound, `No cluster named ${given}`)
  return found.id
}

const summaryColumns: Column<ClusterSummary>[] = [
  ['Name', (cluster) => cluster.name],
  ['Id', (cluster) => cluster.id],
  ['Status', (cluster) => cluster.status],
  ['Type', (cluster) => cluster.clusterTypeId],
  ['Data center', (cluster) => cluster.dataCenterCode],
  ['Version', (cluster) => cluster.kubernetesVersion],
  ['Nodes', (cluster) => cluster.nodeCount],
  ['Monthly', (cluster) => money(cluster.monthlyPriceCents)],
]

const detailColumns: Column<ClusterDetail>[] = [
  ...(summaryColumns as Column<ClusterDetail>[]),
  ['Patch', (cluster) => cluster.kubernetesPatch],
  ['Upgrade to', (cluster) => cluster.upgradeTo],
  ['Endpoint', (cluster) => cluster.endpoint],
  [
    'Operation',
    (cluster) =>
      cluster.operation
        ? `${cluster.operation.kind} ${cluster.operation.status} ${Math.round(cluster.operation.progressPercent)}%`
        : null,
  ],
  ['Created', (cluster) => ago(cluster.createdAt)],
]

export function printCluster(context: Context, cluster: ClusterDetail) {
  const pools = table(cluster.configuration.nodePools, [
    ['Pool', (pool) => pool.name],
    ['Flavor', (pool) => pool.flavorId],
    ['Nodes', (pool) => pool.nodeCount],
    [
      'Ready',
      (pool) => cluster.nodes.filter((node) => node.poolName === pool.name && node.status === 'ready').length,
    ],
    [
      'Autoscaling',
      (pool) => (pool.autoscaling.enabled ? `${pool.autoscaling.min}-${pool.autoscaling.max}` : 'off'),
    ],
  ])
  context.print(formatOne(cluster, context.output, detailColumns, `\n${pools}`))
}

/** The change's answer, then --wait follows the operation it started. */
async function afterChange(context: Context, started: ClusterDetail): Promise<number> {
  if (!context.flag('wait')) {
    printCluster(context, started)
    return EXIT.ok
  }
  const deadline = Date.now() + durationMs(context.string('timeout') ?? `${DEFAULT_TIMEOUT_MS}ms`)
  const finished = await followOperation(context, started.id, started.operation?.id, deadline)
  printCluster(context, finished)
  return EXIT.ok
}

function integer(text: string | undefined, what: string): number | undefined {
  if (text === undefined) return undefined
  if (!/^\d+$/.test(text)) throw usageError(`${what} must be a whole number`)
  return Number(text)
}

/** `name:flavor:count` or `name:flavor:count:min-max` (autoscaling). */
export function nodePoolOf(text: string) {
  const match = /^([a-z][-a-z0-9]*):([^:]+):(\d+)(?::(\d+)-(\d+))?$/.exec(text)
  if (!match)
    throw usageError(`--pool ${text}: write name:flavor:count, or name:flavor:count:min-max to autoscale`)
  const nodeCount = Number(match[3])
  const autoscaling = match[4]
    ? { enabled: true, min: Number(match[4]), max: Number(match[5]) }
    : { enabled: false, min: 1, max: Math.max(nodeCount, 1) }
  return { name: match[1]!, flavorId: match[2]!, nodeCount, autoscaling, labels: {}, taints: [] }
}

/**
 * The order request to place: its configuration from --from-file (a configuration, or an order
 * body), flags on top, with the billing cycle, currency and promotion code.
 */
export function orderRequestOf(context: Context) {
  let base: Record<string, unknown> = {}
  let order: Record<string, unknown> = {}
  const file = context.string('from-file')
  if (file) {
    let parsed: unknown
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      throw usageError(`--from-file ${file}: ${(error as Error).message}`)
    }
    if (typeof parsed !== 'object' || parsed === null)
      throw usageError(`--from-file ${file}: not a JSON object`)
    if ('configuration' in parsed) {
      order = parsed as Record<string, unknown>
      base = (order.configuration ?? {}) as Record<string, unknown>
    } else base = parsed as Record<string, unknown>
  }
  const pools = context.strings('pool').map(nodePoolOf)
  const addOns = context.strings('add-on')
  const candidate = {
    networking: {
      cni: 'cilium',
      privateNetwork: true,
      podCidr: DEFAULT_POD_CIDR,
      serviceCidr: DEFAULT_SERVICE_CIDR,
      apiAllowList: [],
    },
    ...base,
    ...(context.string('name') ? { name: context.string('name') } : {}),
    ...(context.string('type') ? { clusterTypeId: context.string('type') } : {}),
    ...(context.string('data-center') ? { dataCenterCode: context.string('data-center') } : {}),
    ...(context.string('version') ? { kubernetesVersion: context.string('version') } : {}),
    ...(pools.length > 0 ? { nodePools: pools } : {}),
    ...(addOns.length > 0 ? { addOnIds: addOns } : {}),
  }
  const checked = clusterConfigurationSchema.safeParse(candidate)
  if (!checked.success)
    throw usageError(
      `The configuration is incomplete or invalid:\n${checked.error.issues
        .map((issue) => `  ${issue.path.join('.') || '(configuration)'}: ${issue.message}`)
        .join('\n')}`,
    )
  const cycle = context.string('billing-cycle') ?? (order.billingCycle as string | undefined) ?? 'monthly'
  if (!(BILLING_CYCLES as readonly string[]).includes(cycle))
    throw usageError(`--billing-cycle must be one of ${BILLING_CYCLES.join(', ')}`)
  const currency = (
    context.string('currency') ??
    (order.currency as string | undefined) ??
    'EUR'
  ).toUpperCase()
  if (!(CURRENCIES as readonly string[]).includes(currency))
    throw usageError(`--currency must be one of ${CURRENCIES.join(', ')}`)
  return {
    configuration: checked.data,
    billingCycle: cycle as (typeof BILLING_CYCLES)[number],
    currency: currency as Currency,
    promoCode: context.string('promo-code') ?? (order.promoCode as string | null | undefined) ?? null,
  }
}

const outputHint = 'Prints the cluster; with --wait, as the operation left it.'

export const clusterCommands: CommandSpec[] = [
  {
    name: 'clusters list',
    summary: "List the organization's clusters",
    options: {
      status: {
        type: 'string',
        value: CLUSTER_STATUSES.join('|'),
        description: 'Only clusters in this status',
      },
      type: { type: 'string', value: '<type>', description: 'Only clusters of this type (blue, devtest, …)' },
      search: { type: 'string', value: '<text>', description: 'Names containing this text' },
      limit: { type: 'string', value: '<n>', description: 'At most this many (default 50)' },
    },
    run: async (context) => {
      const page = await context.call(endpoints.clusters.list, {
        query: {
          ...(context.string('status')
            ? { status: context.string('status') as ClusterSummary['status'] }
            : {}),
          ...(context.string('type') ? { type: context.string('type') } : {}),
          ...(context.string('search') ? { search: context.string('search') } : {}),
          ...(context.string('limit') ? { limit: integer(context.string('limit'), '--limit') } : {}),
        },
      })
      context.print(formatList(page.items, context.output, summaryColumns))
      return EXIT.ok
    },
  },
  {
    name: 'clusters get',
    summary: 'Show one cluster: configuration, node pools, the current operation',
    args: ['<cluster>'],
    details: 'A cluster is named by its id or its name.',
    run: async (context) => {
      const id = await clusterIdOf(context, context.positionals[0]!)
      printCluster(context, await context.call(endpoints.clusters.get, { params: { id } }))
      return EXIT.ok
    },
  },
  {
    name: 'clusters create',
    summary: 'Order a cluster (it is built once the order is confirmed)',
    options: {
      name: { type: 'string', value: '<name>', description: 'The cluster name (a DNS label)' },
      type: { type: 'string', value: '<type>', description: 'Cluster type id (blue, devtest, …)' },
      'data-center': { type: 'string', value: '<code>', description: 'Data center code (de-fra-1, …)' },
      version: { type: 'string', value: '<x.y>', description: 'Kubernetes minor version' },
      pool: {
        type: 'string',
        multiple: true,
        value: '<name:flavor:count[:min-max]>',
        description: 'A node pool; min-max turns autoscaling on',
      },
      'add-on': { type: 'string', multiple: true, value: '<id>', description: 'An add-on (monitoring, …)' },
      'from-file': {
        type: 'string',
        value: '<file.json>',
        description: 'A configuration (or an order body with configuration) as JSON; flags override it',
      },
      'billing-cycle': { type: 'string', value: BILLING_CYCLES.join('|'), description: 'Default monthly' },
      currency: { type: 'string', value: '<EUR|USD|…>', description: 'The currency shown (default EUR)' },
      'promo-code': { type: 'string', value: '<code>', description: 'A promotion code' },
      'idempotency-key': {
        type: 'string',
        value: '<key>',
        description: 'Reuse a key to retry an order safely (default: a new random key)',
      },
      ...WAIT_OPTIONS,
    },
    details:
      'The order is placed with an Idempotency-Key: the same key and body give the same order. An order\nthat needs an officer (HDS data center, over the credit limit) waits for approval; --wait waits for it\ntoo, then follows the cluster being built.',
    run: async (context) => {
      const body = orderRequestOf(context)
      const order = await context.call(endpoints.orders.place, {
        headers: { 'idempotency-key': context.string('idempotency-key') ?? randomUUID() },
        body,
      })
      if (!context.flag('wait')) {
        if (context.output === 'table')
          context.print(
            `Order ${order.reference} ${order.status}${order.approvalReason ? ` (${order.approvalReason})` : ''}${order.clusterId ? `, cluster ${order.clusterId}` : ''}`,
          )
        else context.print(formatOne(order, context.output, []))
        return EXIT.ok
      }
      const deadline = Date.now() + durationMs(context.string('timeout') ?? `${DEFAULT_TIMEOUT_MS}ms`)
      context.io.stderr(`Order ${order.reference} ${order.status}\n`)
      const clusterId =
        order.clusterId ??
        (await pollUntil(
          context,
          deadline,
          async () => {
            const current = await context.call(endpoints.orders.get, { params: { id: order.id } })
            if (current.status === 'cancelled' || current.status === 'failed')
              throw new CliError(
                EXIT.operationFailed,
                `Order ${current.reference} was ${current.status}${current.decisionNote ? `: ${current.decisionNote}` : ''}`,
              )
            return current.clusterId ?? undefined
          },
          `order ${order.reference} to be approved`,
        ))
      const finished = await followOperation(context, clusterId, undefined, deadline)
      printCluster(context, finished)
      return EXIT.ok
    },
  },
  {
    name: 'clusters scale',
    summary: 'Scale a node pool or change its autoscaling',
    args: ['<cluster>'],
    options: {
      pool: { type: 'string', value: '<name>', description: 'The node pool (default: the only one)' },
      nodes: { type: 'string', value: '<n>', description: 'The new node count' },
      autoscale: { type: 'string', value: '<min-max|off>', description: 'Autoscaling bounds, or off' },
      ...WAIT_OPTIONS,
    },
    details: outputHint,
    run: async (context) => {
      const id = await clusterIdOf(context, context.positionals[0]!)
      const cluster = await context.call(endpoints.clusters.get, { params: { id } })
      const pools = cluster.configuration.nodePools
      const poolName = context.string('pool') ?? (pools.length === 1 ? pools[0]!.name : undefined)
      if (!poolName)
        throw usageError(
          `--pool is needed: ${cluster.name} has pools ${pools.map((pool) => pool.name).join(', ')}`,
        )
      const pool = pools.find((entry) => entry.name === poolName)
      if (!pool) throw new CliError(EXIT.notFound, `${cluster.name} has no node pool ${poolName}`)
      const nodeCount = integer(context.string('nodes'), '--nodes') ?? pool.nodeCount
      const autoscale = context.string('autoscale')
      let autoscaling = {
        ...pool.autoscaling,
        ...(pool.autoscaling.enabled ? {} : { max: Math.max(pool.autoscaling.max, nodeCount) }),
      }
      if (autoscale === 'off')
        autoscaling = {
          enabled: false,
          min: pool.autoscaling.min,
          max: Math.max(pool.autoscaling.max, nodeCount),
        }
      else if (autoscale) {
        const bounds = /^(\d+)-(\d+)$/.exec(autoscale)
        if (!bounds) throw usageError('--autoscale takes min-max (e.g. 2-6) or off')
        autoscaling = { enabled: true, min: Number(bounds[1]), max: Number(bounds[2]) }
      }
      if (context.string('nodes') === undefined && autoscale === undefined)
        throw usageError('Give --nodes or --autoscale')
      const started = await context.call(endpoints.clusters.scaleNodePool, {
        params: { id, pool: poolName },
        body: { nodeCount, autoscaling },
      })
      return afterChange(context, started)
    },
  },
  {
    name: 'clusters upgrade',
    summary: 'Upgrade Kubernetes to the next minor version',
    args: ['<cluster>'],
    options: {
      version: { type: 'string', value: '<x.y>', description: 'The version (default: the next one offered)' },
      ...WAIT_OPTIONS,
    },
    details: outputHint,
    run: async (context) => {
      const id = await clusterIdOf(context, context.positionals[0]!)
      let version = context.string('version')
      if (!version) {
        const cluster = await context.call(endpoints.clusters.get, { params: { id } })
        if (!cluster.upgradeTo)
          throw new CliError(
            EXIT.server,
            `${cluster.name} runs ${cluster.kubernetesVersion}: no newer version is offered`,
          )
        version = cluster.upgradeTo
      }
      return afterChange(
        context,
        await context.call(endpoints.clusters.upgrade, { params: { id }, body: { version } }),
      )
    },
  },
  {
    name: 'clusters hibernate',
    summary: 'Hibernate a Dev/Test or Sandbox cluster: nodes stopped, billing paused',
    args: ['<cluster>'],
    options: { ...WAIT_OPTIONS },
    details: outputHint,
    run: async (context) => {
      const id = await clusterIdOf(context, context.positionals[0]!)
      return afterChange(context, await context.call(endpoints.clusters.hibernate, { params: { id } }))
    },
  },
  {
    name: 'clusters wake',
    summary: 'Wake a hibernated cluster',
    args: ['<cluster>'],
    options: { ...WAIT_OPTIONS },
    details: outputHint,
    run: async (context) => {
      const id = await clusterIdOf(context, context.positionals[0]!)
      return afterChange(context, await context.call(endpoints.clusters.wake, { params: { id } }))
    },
  },
  {
    name: 'clusters delete',
    summary: 'Delete a cluster and everything on it',
    args: ['<cluster>'],
    options: {
      confirm: { type: 'string', value: '<name>', description: "The cluster's name again, to confirm" },
      yes: { type: 'boolean', short: 'y', description: 'Confirm without repeating the name' },
      ...WAIT_OPTIONS,
    },
    details: `Needs --confirm <name> or --yes. ${outputHint}`,
    run: async (context) => {
      const id = await clusterIdOf(context, context.positionals[0]!)
      const cluster = await context.call(endpoints.clusters.get, { params: { id } })
      const confirm = context.flag('yes') ? cluster.name : context.string('confirm')
      if (confirm === undefined)
        throw usageError(`Deleting ${cluster.name} needs --confirm ${cluster.name} or --yes`)
      return afterChange(
        context,
        await context.call(endpoints.clusters.delete, { params: { id }, body: { confirmName: confirm } }),
      )
    },
  },
]
