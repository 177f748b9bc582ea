import { randomBytes } from 'node:crypto'
import { dumpYaml } from '@kubernetes/client-node'
import { CLUSTER_NAME_LABEL } from './labels.ts'
import type { KubeObject } from './resources.ts'
import type { KubeStore } from './store.ts'

/** What Cluster API's kubeadm control plane writes once the API server answers. */
export function writeAccessSecrets(store: KubeStore, cluster: KubeObject) {
  const namespace = cluster.metadata.namespace!
  const name = cluster.metadata.name
  if (store.find('Secret', namespace, `${name}-kubeconfig`)) return
  const endpoint = cluster.spec?.controlPlaneEndpoint as { host: string; port: number }
  const certificate = fakeCertificate(name)
  const labels = { [CLUSTER_NAME_LABEL]: name }
  const kubeconfig = dumpYaml({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name,
        cluster: {
          server: `https://${endpoint.host}:${endpoint.port}`,
          'certificate-authority-data': Buffer.from(certificate).toString('base64'),
        },
      },
    ],
    users: [
      {
        name: `${name}-admin`,
        user: {
          'client-certificate-data': Buffer.from('admin certificate').toString('base64'),
          'client-key-data': Buffer.from('admin key').toString('base64'),
        },
      },
    ],
    contexts: [{ name: `${name}-admin@${name}`, context: { cluster: name, user: `${name}-admin` } }],
    'current-context': `${name}-admin@${name}`,
  })
  store.create({
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'cluster.x-k8s.io/secret',
    metadata: { name: `${name}-kubeconfig`, namespace, labels },
    data: { value: Buffer.from(kubeconfig).toString('base64') },
  })
  store.create({
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'kubernetes.io/tls',
    metadata: { name: `${name}-ca`, namespace, labels },
    data: {
      'tls.crt': Buffer.from(certificate).toString('base64'),
      'tls.key': Buffer.from('ca key').toString('base64'),
    },
  })
}

function fakeCertificate(name: string): string {
  const body = Buffer.from(
    `fake certificate authority of ${name} ${randomBytes(24).toString('hex')}`,
  ).toString('base64')
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`
}
