import type { DriverInstallation, InstallationEndpoint } from './driver.ts'

/**
 * What a product's release publishes, the same whichever driver installed it: its service's
 * address inside the cluster (the charts name their service after the product) and the user the
 * chart creates.
 */

/** The scheme and port of each product's service. */
const SERVICE_PORTS: Record<string, { scheme: string; port: number }> = {
  postgresql: { scheme: 'postgresql', port: 5432 },
  mariadb: { scheme: 'mysql', port: 3306 },
  valkey: { scheme: 'redis', port: 6379 },
  rabbitmq: { scheme: 'amqp', port: 5672 },
  kafka: { scheme: 'kafka', port: 9092 },
  opensearch: { scheme: 'https', port: 9200 },
  minio: { scheme: 'https', port: 9000 },
  keycloak: { scheme: 'https', port: 8443 },
  harbor: { scheme: 'https', port: 443 },
}

/** The address a release of the product publishes inside the cluster. */
export function serviceEndpoints(
  installation: Pick<DriverInstallation, 'productId' | 'namespace'>,
): InstallationEndpoint[] {
  const service = SERVICE_PORTS[installation.productId]
  if (!service) return []
  const host = `${installation.productId}.${installation.namespace}.svc.cluster.local`
  return [{ name: 'In the cluster', url: `${service.scheme}://${host}:${service.port}` }]
}

/** The user the chart creates: the settings' own when the schema has one, else `admin`. */
export function usernameOf(installation: Pick<DriverInstallation, 'settings'>): string {
  const { username, owner, adminUser } = installation.settings
  const named = username ?? owner ?? adminUser
  return typeof named === 'string' && named.length > 0 ? named : 'admin'
}
