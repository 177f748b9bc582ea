import type { KubeObject } from './objects.ts'

/**
 * `kubectl get` asks for a meta.k8s.io Table and prints its cells as they come: the columns are
 * the real API server's (pkg/printers/internalversion), the priority-1 ones shown with `-o wide`.
 */

type Column = { name: string; type: string; format: string; description: string; priority: number }
type Printer = { columns: Column[]; cells: (object: KubeObject, now: number) => unknown[] }

const column = (name: string, description: string, priority = 0, type = 'string', format = ''): Column => ({
  name,
  type,
  format,
  description,
  priority,
})
const NAME = column(
  'Name',
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically.',
  0,
  'string',
  'name',
)
const AGE = column(
  'Age',
  'CreationTimestamp is a timestamp representing the server time when this object was created.',
)
const NONE = '<none>'

type NodeShape = {
  spec: { unschedulable?: boolean }
  status: {
    conditions: { type: string; status: string }[]
    addresses: { type: string; address: string }[]
    nodeInfo: {
      kubeletVersion: string
      osImage: string
      kernelVersion: string
      containerRuntimeVersion: string
    }
  }
}
type EventShape = {
  involvedObject: { kind: string; name: string; fieldPath?: string }
  reason: string
  message: string
  type: string
  count: number
  firstTimestamp: string
  lastTimestamp: string
  source: { component?: string; host?: string }
}
type ServiceShape = {
  spec: {
    type: string
    clusterIP: string
    ports: { port: number; protocol: string }[]
    selector?: Record<string, string>
  }
}

const age = (object: KubeObject, now: number) =>
  humanDuration(now - Date.parse(object.metadata.creationTimestamp))

const PRINTERS: Record<string, Printer> = {
  nodes: {
    columns: [
      NAME,
      column('Status', 'The status of the node'),
      column('Roles', 'The roles of the node'),
      AGE,
      column('Version', 'Kubelet Version reported by the node.'),
      column(
        'Internal-IP',
        'List of addresses reachable to the node. Queried from cloud provider, if available.',
        1,
      ),
      column(
        'External-IP',
        'List of addresses reachable to the node. Queried from cloud provider, if available.',
        1,
      ),
      column(
        'OS-Image',
        'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).',
        1,
      ),
      column(
        'Kernel-Version',
        "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).",
        1,
      ),
      column(
        'Container-Runtime',
        'Container runtime version reported by the node through runtime remote API (e.g. containerd://1.4.2).',
        1,
      ),
    ],
    cells: (object, now) => {
      const node = object as unknown as NodeShape
      const ready = node.status.conditions.find((condition) => condition.type === 'Ready')
      const status = [ready?.status === 'True' ? 'Ready' : 'NotReady']
      if (node.spec.unschedulable) status.push('SchedulingDisabled')
      const address = (type: string) =>
        node.status.addresses.find((entry) => entry.type === type)?.address ?? NONE
      return [
        object.metadata.name,
        status.join(','),
        nodeRoles(object.metadata.labels ?? {}),
        age(object, now),
        node.status.nodeInfo.kubeletVersion,
        address('InternalIP'),
        address('ExternalIP'),
        node.status.nodeInfo.osImage,
        node.status.nodeInfo.kernelVersion,
        node.status.nodeInfo.containerRuntimeVersion,
      ]
    },
  },
  namespaces: {
    columns: [NAME, column('Status', 'The status of the namespace'), AGE],
    cells: (object, now) => [object.metadata.name, 'Active', age(object, now)],
  },
  events: {
    columns: [
      column('Last Seen', 'Time when last this event was seen'),
      column('Type', 'Type of this event (Normal, Warning), new types could be added in the future.'),
      column(
        'Reason',
        'This should be a short, machine understandable string that gives the reason for this event being generated.',
      ),
      column('Object', 'The object that this event is about.'),
      column('Subobject', 'The subobject of the object that this event is about.', 1),
      column(
        'Source',
        'The component reporting this event. Should be a short machine understandable string.',
        1,
      ),
      column('Message', 'A human-readable description of the status of this operation.'),
      column('First Seen', 'The time at which the event was first recorded.', 1),
      column('Count', 'The number of times this event has occurred.', 1, 'integer'),
      { ...NAME, priority: 1 },
    ],
    cells: (object, now) => {
      const event = object as unknown as EventShape
      const source = [event.source.component, event.source.host].filter(Boolean).join(', ')
      return [
        humanDuration(now - Date.parse(event.lastTimestamp)),
        event.type,
        event.reason,
        `${event.involvedObject.kind.toLowerCase()}/${event.involvedObject.name}`,
        event.involvedObject.fieldPath ?? '',
        source,
        event.message.trim(),
        humanDuration(now - Date.parse(event.firstTimestamp)),
        event.count,
        object.metadata.name,
      ]
    },
  },
  services: {
    columns: [
      NAME,
      column('Type', 'The type of the service.'),
      column('Cluster-IP', 'The cluster IP of the service.'),
      column('External-IP', 'The external IP of the service.'),
      column('Port(s)', 'The ports of the service.'),
      AGE,
      column('Selector', 'The selector of the service.', 1),
    ],
    cells: (object, now) => {
      const service = object as unknown as ServiceShape
      const selector = Object.entries(service.spec.selector ?? {})
        .map(([key, value]) => `${key}=${value}`)
        .join(',')
      return [
        object.metadata.name,
        service.spec.type,
        service.spec.clusterIP,
        NONE,
        service.spec.ports.map((port) => `${port.port}/${port.protocol}`).join(','),
        age(object, now),
        selector || NONE,
      ]
    },
  },
}

/** Whether the Accept header asks for a Table (`application/json;as=Table;v=v1;g=meta.k8s.io`). */
export function wantsTable(accept: string | undefined): 'v1' | 'v1beta1' | null {
  for (const part of (accept ?? '').split(',')) {
    const parameters = new Map(
      part
        .split(';')
        .slice(1)
        .map((entry) => entry.trim().split('=') as [string, string]),
    )
    if (parameters.get('as') === 'Table' && parameters.get('g') === 'meta.k8s.io') {
      const version = parameters.get('v')
      if (version === 'v1' || version === 'v1beta1') return version
      if (version === undefined) return 'v1'
    }
  }
  return null
}

/** The Table of objects of a resource; rows carry the object's metadata, all of it, or nothing (`includeObject`). */
export function tableOf(
  resource: string,
  objects: KubeObject[],
  options: { version: 'v1' | 'v1beta1'; includeObject: string | null; resourceVersion: string },
) {
  const printer = PRINTERS[resource]!
  const now = Date.now()
  return {
    kind: 'Table',
    apiVersion: `meta.k8s.io/${options.version}`,
    metadata: { resourceVersion: options.resourceVersion },
    columnDefinitions: printer.columns,
    rows: objects.map((object) => ({
      cells: printer.cells(object, now),
      ...(options.includeObject === 'None'
        ? {}
        : {
            object:
              options.includeObject === 'Object'
                ? object
                : { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: object.metadata },
          }),
    })),
  }
}

function nodeRoles(labels: Record<string, string>): string {
  const roles = new Set<string>()
  for (const [key, value] of Object.entries(labels)) {
    if (key.startsWith('node-role.kubernetes.io/')) roles.add(key.slice('node-role.kubernetes.io/'.length))
    else if (key === 'kubernetes.io/role' && value) roles.add(value)
  }
  return roles.size > 0 ? [...roles].sort().join(',') : NONE
}

/** apimachinery's duration.HumanDuration: 45s, 3m20s, 5h12m, 3d4h, 2y30d. */
export function humanDuration(milliseconds: number): string {
  if (milliseconds < -1000) return '<invalid>'
  if (milliseconds < 0) return '0s'
  const seconds = Math.floor(milliseconds / 1000)
  if (seconds < 120) return `${seconds}s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`
  if (minutes < 180) return `${minutes}m`
  const hours = Math.floor(minutes / 60)
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`
  if (hours < 48) return `${hours}h`
  if (hours < 24 * 8)
    return hours % 24 === 0 ? `${Math.floor(hours / 24)}d` : `${Math.floor(hours / 24)}d${hours % 24}h`
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`
  if (hours < 24 * 365 * 8) {
    const days = Math.floor(hours / 24) % 365
    return days === 0 ? `${Math.floor(hours / 24 / 365)}y` : `${Math.floor(hours / 24 / 365)}y${days}d`
  }
  return `${Math.floor(hours / 24 / 365)}y`
}
