import { stringify } from 'yaml'

export type KubeconfigEntry = {
  clusterName: string
  endpoint: string
  /** The cluster's CA as PEM; the kubeconfig carries it base64-encoded, as kubectl expects. */
  caCertificate: string
  /** The user entry's name, unique per cluster (e.g. `dana@web-prod`). */
  userName: string
  /** The person's bearer token for this cluster. */
  token: string
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
        'certificate-authority-data': Buffer.from(entry.caCertificate).toString('base64'),
      },
    })),
    contexts: entries.map((entry) => ({
      name: entry.clusterName,
      context: { cluster: entry.clusterName, user: entry.userName },
    })),
    'current-context': entries[0]?.clusterName ?? '',
    users: entries.map((entry) => ({ name: entry.userName, user: { token: entry.token } })),
    preferences: {},
  })
}
