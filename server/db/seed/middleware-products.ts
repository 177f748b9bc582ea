import type { MiddlewareProductRow } from '../schema/catalog.ts'
import { withSheetInFrench } from './product-details-french.ts'

/** Managed middleware installed into a cluster; the price is the starting USD-cent price a month. */
const MIDDLEWARE_ROWS: Omit<MiddlewareProductRow, 'position'>[] = [
  {
    id: 'postgresql',
    name: 'PostgreSQL (CloudNativePG)',
    category: 'database',
    version: '18',
    description: 'Highly available PostgreSQL with point-in-time recovery.',
    monthlyPriceCents: 5_900,
    french: {
      description: 'PostgreSQL hautement disponible avec restauration à un instant donné.',
    },
  },
  {
    id: 'mariadb',
    name: 'MariaDB',
    category: 'database',
    version: '11.8',
    description: 'MariaDB with Galera replication and daily backups.',
    monthlyPriceCents: 4_900,
    french: {
      description: 'MariaDB avec réplication Galera et sauvegardes quotidiennes.',
    },
  },
  {
    id: 'valkey',
    name: 'Valkey',
    category: 'cache',
    version: '8.1',
    description: 'Redis-compatible in-memory cache with Sentinel failover.',
    monthlyPriceCents: 2_900,
    french: {
      description: 'Cache en mémoire compatible Redis, avec bascule Sentinel.',
    },
  },
  {
    id: 'rabbitmq',
    name: 'RabbitMQ',
    category: 'messaging',
    version: '4.1',
    description: 'Three-node RabbitMQ cluster with quorum queues.',
    monthlyPriceCents: 3_900,
    french: {
      description: 'Cluster RabbitMQ de trois nœuds avec files de quorum.',
    },
  },
  {
    id: 'kafka',
    name: 'Apache Kafka (Strimzi)',
    category: 'messaging',
    version: '4.1',
    description: 'KRaft-mode Kafka with Cruise Control and Kafka Connect.',
    monthlyPriceCents: 14_900,
    french: {
      description: 'Kafka en mode KRaft avec Cruise Control et Kafka Connect.',
    },
  },
  {
    id: 'opensearch',
    name: 'OpenSearch',
    category: 'search',
    version: '3.2',
    description: 'Search and log analytics with OpenSearch Dashboards.',
    monthlyPriceCents: 9_900,
    french: {
      description: 'Recherche et analyse de journaux avec OpenSearch Dashboards.',
    },
  },
  {
    id: 'keycloak',
    name: 'Keycloak',
    category: 'identity',
    version: '26.4',
    description: 'Single sign-on with OIDC and SAML for your applications.',
    monthlyPriceCents: 3_900,
    french: {
      description: 'Authentification unique OIDC et SAML pour vos applications.',
    },
  },
  {
    id: 'harbor',
    name: 'Harbor registry',
    category: 'registry',
    version: '2.14',
    description: 'Private container registry with vulnerability scanning.',
    monthlyPriceCents: 4_900,
    french: {
      name: 'Registre Harbor',
      description: 'Registre de conteneurs privé avec analyse des vulnérabilités.',
    },
  },
  {
    id: 'minio',
    name: 'MinIO object storage',
    category: 'storage',
    version: '2025.9',
    description: 'S3-compatible object storage with erasure coding and versioning.',
    monthlyPriceCents: 3_900,
    french: {
      name: 'Stockage objet MinIO',
      description: 'Stockage objet compatible S3 avec codage d’effacement et gestion des versions.',
    },
  },
]

/** The rows with the French of each product's sheet beside its own (product-details-french.ts). */
export const MIDDLEWARE_PRODUCTS = MIDDLEWARE_ROWS.map(withSheetInFrench)
