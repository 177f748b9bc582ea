import { dumpYaml, KubeConfig } from '@kubernetes/client-node'
import type { DriverCluster } from '../driver.ts'
import { credentialUser, type PersonalCredential } from '../kubeconfig.ts'
import type { ManagementCluster } from './management-cluster.ts'
import { controlPlaneEndpointOf, type KubeObject, namespaceOf, objectNames } from './render.ts'

export type ClusterAccess = { server: string; caCertificate: string }

/** The API server and its CA, from the kubeconfig Secret Cluster API writes once the control plane is up. */
export async function readClusterAccess(
  management: ManagementCluster,
  cluster: DriverCluster,
  clusterObject?: KubeObject,
): Promise<ClusterAccess | undefined> {
  const names = objectNames(cluster)
  const secret = await management.readSecret(namespaceOf(cluster.organizationId), names.kubeconfigSecret)
  if (!secret?.value) return undefined
  const config = new KubeConfig()
  config.loadFromString(secret.value)
  const current = config.getCurrentCluster()
  if (!current?.caData) return undefined
  return {
    server: current.server || controlPlaneEndpointOf(clusterObject) || '',
    caCertificate: Buffer.from(current.caData, 'base64').toString('utf8'),
  }
}

/** One person's kubeconfig: the cluster's server and CA, with the person's credential as the user. */
export function personalKubeconfig(
  cluster: DriverCluster,
  access: ClusterAccess,
  credential: PersonalCredential,
): string {
  return dumpYaml({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: cluster.name,
        cluster: {
          server: access.server,
          'certificate-authority-data': Buffer.from(access.caCertificate).toString('base64'),
        },
      },
    ],
    users: [credentialUser(credential)],
    contexts: [{ name: credential.userName, context: { cluster: cluster.name, user: credential.userName } }],
    'current-context': credential.userName,
  })
}
