import { stringify } from 'yaml'

/** The credential a kubeconfig carries for one person on one cluster. */
export type PersonalCredential = {
  /** The user entry's name, unique per cluster (e.g. `dana@web-prod`). */
  userName: string
  /** The person's bearer token for this cluster. */
  token: string
  /** When the token review stops accepting it. */
  expiresAt: Date
}

export type KubeconfigEntry = PersonalCredential & {
  clusterName: string
  endpoint: string
  /** The cluster's CA as PEM; the kubeconfig carries it base64-encoded, as kubectl expects. */
  caCertificate: string
  /** The name the client asks for and checks in the server's certificate, when not the endpoint's host. */
  tlsServerName?: string
}

/** The name of the user entry's extension that says when its credential expires. */
export const CREDENTIAL_EXTENSION = 'clusterdeck.eu/credential'

/**
 * A user entry: the token, and an extension with its expiry, which kubectl keeps when it merges or
 * rewrites the file (a comment would not survive `kubectl config view --flatten`).
 */
export function credentialUser(credential: PersonalCredential) {
  return {
    name: credential.userName,
    user: {
      token: credential.token,
      extensions: [
        { name: CREDENTIAL_EXTENSION, extension: { expiresAt: credential.expiresAt.toISOString() } },
      ],
    },
  }
}

/**
 * A kubeconfig for one or several clusters: one context per cluster, named after it, using the
 * person's user entry for it; the first context is current.
 */
export function kubeconfigYaml(...entries: KubeconfigEntry[]): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: entries.map((entry) => ({
      name: entry.clusterName,
      cluster: {
        server: entry.endpoint,
        ...(entry.tlsServerName ? { 'tls-server-name': entry.tlsServerName } : {}),
        'certificate-authority-data': Buffer.from(entry.caCertificate).toString('base64'),
      },
    })),
    contexts: entries.map((entry) => ({
      name: entry.clusterName,
      context: { cluster: entry.clusterName, user: entry.userName },
    })),
    'current-context': entries[0]?.clusterName ?? '',
    users: entries.map(credentialUser),
    preferences: {},
  })
}

/**
 * The groups the token review gives a person, by their role in the organization at the time of
 * the review: admins own the cluster, members work in it.
 */
export const CLUSTER_ACCESS_GROUPS = { owners: 'clusterdeck:owners', members: 'clusterdeck:members' } as const

/**
 * The RBAC that gives the groups their meaning in each cluster we build: owners are cluster-admin;
 * members get the built-in `edit` role (workloads, services, config maps and secrets in every
 * namespace, but no RBAC, no namespaces and no cluster-wide objects).
 */
export function accessBindings(): Record<string, unknown>[] {
  const binding = (name: string, group: string, clusterRole: string) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name, labels: { 'app.kubernetes.io/managed-by': 'clusterdeck' } },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: clusterRole },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: group }],
  })
  return [
    binding('clusterdeck-owners', CLUSTER_ACCESS_GROUPS.owners, 'cluster-admin'),
    binding('clusterdeck-members', CLUSTER_ACCESS_GROUPS.members, 'edit'),
  ]
}

/**
 * The cluster's ConfigMap holding the bindings, in its namespace of the management cluster, for its
 * ClusterResourceSet to apply (one YAML document each).
 */
export function accessConfigMap(metadata: {
  name: string
  namespace: string
  labels: Record<string, string>
}) {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata,
    data: {
      'access.yaml': accessBindings()
        .map((binding) => stringify(binding))
        .join('---\n'),
    },
  }
}
