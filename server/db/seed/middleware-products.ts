import type { MiddlewareProductRow } from '../schema/catalog.ts'

/** Managed middleware installed into a cluster; the price is the starting USD-cent price a month. */
export const MIDDLEWARE_PRODUCTS: Omit<MiddlewareProductRow, 'position'>[] = [
  {
    id: 'postgresql',
    name: 'PostgreSQL (CloudNativePG)',
    category: 'database',
    version: '18',
    description: 'Highly available PostgreSQL with point-in-time recovery.',
    monthlyPriceCents: 5_900,
  },
  {
    id: 'mariadb',
    name: 'MariaDB',
    category: 'database',
    version: '11.8',
    description: 'MariaDB with Galera replication and daily backups.',
    monthlyPriceCents: 4_900,
  },
  {
    id: 'valkey',
    name: 'Valkey',
    category: 'cache',
    version: '8.1',
    description: 'Redis-compatible in-memory cache with Sentinel failover.',
    monthlyPriceCents: 2_900,
  },
  {
    id: 'rabbitmq',
    name: 'RabbitMQ',
    category: 'messaging',
    version: '4.1',
    description: 'Three-node RabbitMQ cluster with quorum queues.',
    monthlyPriceCents: 3_900,
  },
  {
    id: 'kafka',
    name: 'Apache Kafka (Strimzi)',
    category: 'messaging',
    version: '4.1',
    description: 'KRaft-mode Kafka with Cruise Control and Kafka Connect.',
    monthlyPriceCents: 14_900,
  },
  {
    id: 'opensearch',
    name: 'OpenSearch',
    category: 'search',
    version: '3.2',
    description: 'Search and log analytics with OpenSearch Dashboards.',
    monthlyPriceCents: 9_900,
  },
  {
    id: 'keycloak',
    name: 'Keycloak',
    category: 'identity',
    version: '26.4',
    description: 'Single sign-on with OIDC and SAML for your applications.',
    monthlyPriceCents: 3_900,
  },
  {
    id: 'harbor',
    name: 'Harbor registry',
    category: 'registry',
    version: '2.14',
    description: 'Private container registry with vulnerability scanning.',
    monthlyPriceCents: 4_900,
  },
]
