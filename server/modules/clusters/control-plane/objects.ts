import { createHash } from 'node:crypto'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { type Cluster, clusterNodes, clusters, installations, nodeFlavors } from '#server/db/schema/index.ts'

/**
 * The Kubernetes objects a simulated cluster shows kubectl, made from what the product stores:
 * its nodes (`cluster_nodes`, sized by their flavors), its namespaces (Kubernetes' own, the
 * add-ons' and the installations'), the events its nodes' kubelets would have sent when they
 * joined, and the services `kubectl cluster-info` looks for. Each read is one query per table.
 */

export type KubeObject = {
  kind: string
  apiVersion: string
  metadata: {
    name: string
    namespace?: string
    uid: string
    resourceVersion: string
    creationTimestamp: string
    labels?: Record<string, string>
    annotations?: Record<string, string>
  }
  [field: string]: unknown
}

const SYSTEM_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system']
export const NODE_POOL_LABEL = 'clusterdeck.eu/node-pool'
const OS_IMAGE = 'Ubuntu 24.04.2 LTS'
const KERNEL_VERSION = '6.8.0-60-generic'
const CONTAINER_RUNTIME = 'containerd://2.0.5'
/** What the kubelet keeps back from the node's memory for the system and itself. */
const RESERVED_MEMORY_KI = 512 * 1024

/** A UID that stays the same for the same object, as the real one would. */
export function stableUid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('/')).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const resourceVersionOf = (date: Date) => String(Math.floor(date.getTime() / 1000) % 100_000_000)

/** The cluster row for the API (null when gone). */
export async function clusterRow(db: Database, clusterId: string): Promise<Cluster | null> {
  const [row] = await db.select().from(clusters).where(eq(clusters.id, clusterId))
  return row ?? null
}

export async function nodeObjects(db: Database, cluster: Cluster): Promise<KubeObject[]> {
  const pools = cluster.configuration?.nodePools ?? []
  const flavorIds = [...new Set(pools.map((pool) => pool.flavorId))]
  const [nodes, flavors] = await Promise.all([
    db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, cluster.id)).orderBy(clusterNodes.name),
    flavorIds.length > 0
      ? db.select().from(nodeFlavors).where(inArray(nodeFlavors.id, flavorIds))
      : Promise.resolve([]),
  ])
  const flavorById = new Map(flavors.map((flavor) => [flavor.id, flavor]))
  return nodes.map((node) => {
    const pool = pools.find((entry) => entry.name === node.poolName)
    const flavor = pool ? flavorById.get(pool.flavorId) : undefined
    const cpu = String(flavor?.vcpu ?? 2)
    const memoryKi = (flavor?.ramGib ?? 8) * 1024 * 1024
    const storageKi = (flavor?.diskGib ?? 80) * 1024 * 1024
    const capacity: Record<string, string> = {
      cpu,
      'ephemeral-storage': `${storageKi}Ki`,
      'hugepages-1Gi': '0',
      'hugepages-2Mi': '0',
      memory: `${memoryKi}Ki`,
      pods: '110',
      ...(flavor?.gpuCount ? { 'nvidia.com/gpu': String(flavor.gpuCount) } : {}),
    }
    const allocatable = {
      ...capacity,
      'ephemeral-storage': String(Math.floor(storageKi * 1024 * 0.9)),
      memory: `${memoryKi - RESERVED_MEMORY_KI}Ki`,
    }
    const ready = node.status === 'ready' || node.status === 'draining'
    const since = node.createdAt.toISOString()
    const condition = (type: string, status: string, reason: string, message: string) => ({
      type,
      status,
      lastHeartbeatTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      lastTransitionTime: since.replace(/\.\d+Z$/, 'Z'),
      reason,
      message,
    })
    const patch = node.kubeletVersion.replace(/^v/, '')
    return {
      kind: 'Node',
      apiVersion: 'v1',
      metadata: {
        name: node.name,
        uid: stableUid(cluster.id, 'node', node.name),
        resourceVersion: resourceVersionOf(new Date()),
        creationTimestamp: timestamp(node.createdAt),
        labels: {
          'beta.kubernetes.io/arch': 'amd64',
          'beta.kubernetes.io/instance-type': pool?.flavorId ?? 'unknown',
          'beta.kubernetes.io/os': 'linux',
          [NODE_POOL_LABEL]: node.poolName,
          'kubernetes.io/arch': 'amd64',
          'kubernetes.io/hostname': node.name,
          'kubernetes.io/os': 'linux',
          'node-role.kubernetes.io/worker': '',
          'node.kubernetes.io/instance-type': pool?.flavorId ?? 'unknown',
          'topology.kubernetes.io/region': cluster.dataCenterCode.toLowerCase(),
          'topology.kubernetes.io/zone': `${cluster.dataCenterCode.toLowerCase()}-a`,
          ...(pool?.labels ?? {}),
        },
        annotations: {
          'node.alpha.kubernetes.io/ttl': '0',
          'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
        },
      },
      spec: {
        providerID: `clusterdeck://${cluster.dataCenterCode.toLowerCase()}/${node.name}`,
        ...(node.status === 'draining' || node.status === 'deleting' ? { unschedulable: true } : {}),
        ...(pool?.taints.length ? { taints: pool.taints } : {}),
      },
      status: {
        capacity,
        allocatable,
        conditions: [
          condition(
            'MemoryPressure',
            'False',
            'KubeletHasSufficientMemory',
            'kubelet has sufficient memory available',
          ),
          condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
          condition(
            'PIDPressure',
            'False',
            'KubeletHasSufficientPID',
            'kubelet has sufficient PID available',
          ),
          ready
            ? condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status')
            : condition('Ready', 'False', 'KubeletNotReady', 'container runtime network not ready'),
        ],
        addresses: [
          { type: 'InternalIP', address: node.internalIp },
          { type: 'Hostname', address: node.name },
        ],
        daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
        nodeInfo: {
          machineID: stableUid(cluster.id, 'machine', node.name).replaceAll('-', ''),
          systemUUID: stableUid(cluster.id, 'system', node.name),
          bootID: stableUid(cluster.id, 'boot', node.name, since),
          kernelVersion: KERNEL_VERSION,
          osImage: OS_IMAGE,
          containerRuntimeVersion: CONTAINER_RUNTIME,
          kubeletVersion: `v${patch}`,
          kubeProxyVersion: `v${patch}`,
          operatingSystem: 'linux',
          architecture: 'amd64',
        },
      },
    }
  })
}

export async function namespaceObjects(db: Database, cluster: Cluster): Promise<KubeObject[]> {
  const installed = await db
    .select({ namespace: installations.namespace, createdAt: installations.createdAt })
    .from(installations)
    .where(and(eq(installations.clusterId, cluster.id), ne(installations.status, 'uninstalled')))
  const since = new Map<string, Date>()
  for (const name of [...SYSTEM_NAMESPACES, ...(cluster.configuration?.addOnIds ?? [])])
    since.set(name, cluster.createdAt)
  for (const row of installed) {
    const known = since.get(row.namespace)
    if (!known || row.createdAt < known) since.set(row.namespace, row.createdAt)
  }
  return [...since.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, createdAt]) => ({
      kind: 'Namespace',
      apiVersion: 'v1',
      metadata: {
        name,
        uid: stableUid(cluster.id, 'namespace', name),
        resourceVersion: resourceVersionOf(createdAt),
        creationTimestamp: timestamp(createdAt),
        labels: { 'kubernetes.io/metadata.name': name },
      },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    }))
}

/** What a node's kubelet and the node controller report when it joins: in `default`, like real ones. */
export async function eventObjects(db: Database, cluster: Cluster): Promise<KubeObject[]> {
  const nodes = await nodeObjects(db, cluster)
  return nodes
    .flatMap((node) => {
      const name = node.metadata.name
      const joined = new Date(node.metadata.creationTimestamp).getTime()
      const uid = node.metadata.uid
      const event = (offsetSeconds: number, reason: string, message: string, component: string) => {
        const at = new Date(joined + offsetSeconds * 1000)
        const eventName = `${name}.${createHash('sha256').update(`${uid}/${reason}`).digest('hex').slice(0, 16)}`
        return {
          kind: 'Event',
          apiVersion: 'v1',
          metadata: {
            name: eventName,
            namespace: 'default',
            uid: stableUid(cluster.id, 'event', eventName),
            resourceVersion: resourceVersionOf(at),
            creationTimestamp: timestamp(at),
          },
          involvedObject: { kind: 'Node', name, uid, apiVersion: 'v1' },
          reason,
          message,
          source: component === 'kubelet' ? { component, host: name } : { component },
          firstTimestamp: timestamp(at),
          lastTimestamp: timestamp(at),
          count: 1,
          type: 'Normal',
          eventTime: null,
          reportingComponent: component,
          reportingInstance: component === 'kubelet' ? name : '',
        }
      }
      return [
        event(0, 'Starting', 'Starting kubelet.', 'kubelet'),
        event(
          2,
          'RegisteredNode',
          `Node ${name} event: Registered Node ${name} in Controller`,
          'node-controller',
        ),
        event(12, 'NodeReady', `Node ${name} status is now: NodeReady`, 'kubelet'),
      ]
    })
    .sort(
      (a, b) =>
        a.lastTimestamp.localeCompare(b.lastTimestamp) || a.metadata.name.localeCompare(b.metadata.name),
    )
}

/** The API's own service in `default` and CoreDNS's in `kube-system`, on the cluster's service range. */
export function serviceObjects(cluster: Cluster): KubeObject[] {
  const serviceCidr = cluster.configuration?.networking.serviceCidr ?? '10.96.0.0/12'
  const service = (
    namespace: string,
    name: string,
    clusterIp: string,
    labels: Record<string, string>,
    ports: { name: string; protocol: string; port: number; targetPort: number | string }[],
    selector?: Record<string, string>,
  ): KubeObject => ({
    kind: 'Service',
    apiVersion: 'v1',
    metadata: {
      name,
      namespace,
      uid: stableUid(cluster.id, 'service', namespace, name),
      resourceVersion: resourceVersionOf(cluster.createdAt),
      creationTimestamp: timestamp(cluster.createdAt),
      labels,
    },
    spec: {
      ports,
      ...(selector ? { selector } : {}),
      clusterIP: clusterIp,
      clusterIPs: [clusterIp],
      type: 'ClusterIP',
      sessionAffinity: 'None',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      internalTrafficPolicy: 'Cluster',
    },
    status: { loadBalancer: {} },
  })
  return [
    service(
      'default',
      'kubernetes',
      addressIn(serviceCidr, 1),
      { component: 'apiserver', provider: 'kubernetes' },
      [{ name: 'https', protocol: 'TCP', port: 443, targetPort: 6443 }],
    ),
    service(
      'kube-system',
      'kube-dns',
      addressIn(serviceCidr, 10),
      { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' },
      [
        { name: 'dns', protocol: 'UDP', port: 53, targetPort: 53 },
        { name: 'dns-tcp', protocol: 'TCP', port: 53, targetPort: 53 },
        { name: 'metrics', protocol: 'TCP', port: 9153, targetPort: 9153 },
      ],
      { 'k8s-app': 'kube-dns' },
    ),
  ]
}

/** The address `offset` places into an IPv4 range (10.96.0.0/12, 10 → 10.96.0.10). */
function addressIn(cidr: string, offset: number): string {
  const base = (cidr.split('/')[0] ?? '10.96.0.0').split('.').map(Number)
  const value = ((base[0]! << 24) | (base[1]! << 16) | (base[2]! << 8) | base[3]!) + offset
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join('.')
}

/** RFC 3339 to the second, as Kubernetes writes its timestamps. */
export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z')
}
