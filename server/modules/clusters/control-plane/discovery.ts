import { createHash } from 'node:crypto'

/**
 * What kubectl learns before it asks for anything: the version, and the legacy discovery
 * documents (`/api`, `/apis`, `/api/v1`, `/apis/authentication.k8s.io/v1`). They are answered as
 * plain application/json, which tells kubectl the server has no aggregated discovery.
 */

export type ServedResource = {
  name: string
  singularName: string
  namespaced: boolean
  kind: string
  verbs: string[]
  shortNames?: string[]
  categories?: string[]
}

/** The core resources served, by their plural name. */
export const CORE_RESOURCES: Record<string, ServedResource> = {
  events: {
    name: 'events',
    singularName: 'event',
    namespaced: true,
    kind: 'Event',
    verbs: ['get', 'list'],
    shortNames: ['ev'],
  },
  namespaces: {
    name: 'namespaces',
    singularName: 'namespace',
    namespaced: false,
    kind: 'Namespace',
    verbs: ['get', 'list'],
    shortNames: ['ns'],
  },
  nodes: {
    name: 'nodes',
    singularName: 'node',
    namespaced: false,
    kind: 'Node',
    verbs: ['get', 'list'],
    shortNames: ['no'],
  },
  services: {
    name: 'services',
    singularName: 'service',
    namespaced: true,
    kind: 'Service',
    verbs: ['get', 'list'],
    shortNames: ['svc'],
    categories: ['all'],
  },
}

const AUTHENTICATION_GROUP = 'authentication.k8s.io'
const AUTHENTICATION_VERSION = { groupVersion: `${AUTHENTICATION_GROUP}/v1`, version: 'v1' }

export function versionInfo(kubernetesPatch: string) {
  const [major = '1', minor = '0'] = kubernetesPatch.split('.')
  return {
    major,
    minor,
    emulationMajor: major,
    emulationMinor: minor,
    minCompatibilityMajor: major,
    minCompatibilityMinor: String(Math.max(0, Number(minor) - 1)),
    gitVersion: `v${kubernetesPatch}`,
    gitCommit: createHash('sha1').update(`kubernetes v${kubernetesPatch}`).digest('hex'),
    gitTreeState: 'clean',
    buildDate: '2026-05-13T09:24:11Z',
    goVersion: 'go1.25.9',
    compiler: 'gc',
    platform: 'linux/amd64',
  }
}

export function discoveryDocument(path: string): object | null {
  switch (path) {
    case '/api':
      return {
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: 'localhost:6443' }],
      }
    case '/apis':
      return {
        kind: 'APIGroupList',
        apiVersion: 'v1',
        groups: [
          {
            name: AUTHENTICATION_GROUP,
            versions: [AUTHENTICATION_VERSION],
            preferredVersion: AUTHENTICATION_VERSION,
          },
        ],
      }
    case '/api/v1':
      return {
        kind: 'APIResourceList',
        groupVersion: 'v1',
        resources: Object.values(CORE_RESOURCES),
      }
    case `/apis/${AUTHENTICATION_GROUP}`:
      return {
        kind: 'APIGroup',
        apiVersion: 'v1',
        name: AUTHENTICATION_GROUP,
        versions: [AUTHENTICATION_VERSION],
        preferredVersion: AUTHENTICATION_VERSION,
      }
    case `/apis/${AUTHENTICATION_GROUP}/v1`:
      return {
        kind: 'APIResourceList',
        apiVersion: 'v1',
        groupVersion: AUTHENTICATION_VERSION.groupVersion,
        resources: [
          {
            name: 'selfsubjectreviews',
            singularName: 'selfsubjectreview',
            namespaced: false,
            kind: 'SelfSubjectReview',
            verbs: ['create'],
          },
        ],
      }
    default:
      return null
  }
}

/** A failure as the API server words it (a meta/v1 Status). */
export function status(
  code: number,
  reason: string,
  message: string,
  details?: { name?: string; kind?: string },
) {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  }
}

export const UNAUTHORIZED = status(401, 'Unauthorized', 'Unauthorized')
export const PATH_NOT_FOUND = status(404, 'NotFound', 'the server could not find the requested resource', {})
export const METHOD_NOT_ALLOWED = status(
  405,
  'MethodNotAllowed',
  'the server does not allow this method on the requested resource',
  {},
)
