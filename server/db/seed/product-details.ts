import type { ProductDetails, ProductPlan } from '#common/schemas/products.ts'

/**
 * The marketplace's knowledge of each add-on and middleware product, by product id: chart,
 * versions (newest first) with their changes, settings schema, plans, requirements, extra costs,
 * publisher and what you get. Prices are USD cents a month.
 */

type Change = ProductDetails['versions'][number]['changes'][number]
const added = (text: string): Change => ({ kind: 'added', text })
const changed = (text: string): Change => ({ kind: 'changed', text })
const fixed = (text: string): Change => ({ kind: 'fixed', text })
const security = (text: string): Change => ({ kind: 'security', text })

/** Three sizes of a replicated service: S at the product's price, M and L larger. */
function sizes(
  smallCents: number,
  small: { cpuMillicores: number; memoryMib: number; storageGib: number; replicas: number },
): ProductPlan[] {
  return [
    { id: 's', name: 'S', ...small, monthlyPriceCents: smallCents },
    {
      id: 'm',
      name: 'M',
      cpuMillicores: small.cpuMillicores * 2,
      memoryMib: small.memoryMib * 2,
      storageGib: small.storageGib * 4,
      replicas: small.replicas,
      monthlyPriceCents: Math.round(smallCents * 2.5),
    },
    {
      id: 'l',
      name: 'L',
      cpuMillicores: small.cpuMillicores * 4,
      memoryMib: small.memoryMib * 4,
      storageGib: small.storageGib * 10,
      replicas: small.replicas + 2,
      monthlyPriceCents: smallCents * 6,
    },
  ]
}

const schema = (properties: Record<string, unknown>, required: string[] = []) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required,
  properties,
})
const integer = (
  title: string,
  minimum: number,
  maximum: number,
  defaultValue: number,
  description?: string,
) => ({
  type: 'integer',
  title,
  minimum,
  maximum,
  default: defaultValue,
  ...(description ? { description } : {}),
})
const boolean = (title: string, defaultValue: boolean, description?: string) => ({
  type: 'boolean',
  title,
  default: defaultValue,
  ...(description ? { description } : {}),
})
/**
 * One of several values. Values a person reads as words ("daily") carry their words in
 * `enumTitles` (an annotation the form shows, in the same order; technical values have none).
 */
const choice = (title: string, values: string[], defaultValue: string, enumTitles?: string[]) => ({
  type: 'string',
  title,
  enum: values,
  ...(enumTitles ? { enumTitles } : {}),
  default: defaultValue,
})
const name = (title: string, defaultValue: string, description: string) => ({
  type: 'string',
  title,
  pattern: '^[a-z_][a-z0-9_]{0,62}$',
  default: defaultValue,
  description,
})

const anyClusterType = (cpuMillicores: number, memoryMib: number, min = '1.34') => ({
  clusterTypeIds: null,
  minKubernetesVersion: min,
  cpuMillicores,
  memoryMib,
})
const verified = (publisher: string) => ({ name: publisher, verified: true })
const volume = (gib: number, cents: number) => ({
  kind: 'volume' as const,
  description: `Persistent volumes beyond the plan's storage, per ${gib} GiB`,
  monthlyPriceCents: cents,
})
const loadBalancer = {
  kind: 'load_balancer' as const,
  description: 'A public load balancer, when exposed outside the cluster',
  monthlyPriceCents: 1_200,
}

export const PRODUCT_DETAILS: Record<string, ProductDetails> = {
  monitoring: {
    chart: {
      repository: 'https://prometheus-community.github.io/helm-charts',
      name: 'kube-prometheus-stack',
    },
    versions: [
      {
        version: '77.12',
        chartVersion: '77.12.0',
        releasedOn: '2026-10-28',
        changes: [
          added('Grafana 12.2 dashboards for Cilium'),
          fixed('Alertmanager silences kept across upgrades'),
        ],
      },
      {
        version: '77.5',
        chartVersion: '77.5.0',
        releasedOn: '2026-09-02',
        changes: [changed('Prometheus 3.6'), security('Grafana image rebuilt for CVE-2026-21102')],
      },
    ],
    settingsSchema: schema({
      retentionDays: integer('Metrics retention (days)', 7, 90, 30),
      alertEmail: {
        type: 'string',
        title: 'Alert email',
        format: 'email',
        description: 'Where alerts are sent',
      },
      grafanaPublic: boolean('Expose Grafana publicly', false, 'Behind the cluster gateway, with sign-in'),
    }),
    plans: [],
    requirements: anyClusterType(1_000, 3_072),
    extraCosts: [volume(50, 400)],
    publisher: verified('Clusterdeck'),
    documentationUrl: 'https://prometheus-operator.dev/docs/getting-started/introduction/',
    afterInstall:
      'Grafana with the cluster, node and workload dashboards; alert rules for nodes, pods and volumes.',
  },
  logging: {
    chart: { repository: 'https://grafana.github.io/helm-charts', name: 'loki' },
    versions: [
      {
        version: '6.41',
        chartVersion: '6.41.1',
        releasedOn: '2026-10-14',
        changes: [
          changed('Loki 3.5 with bloom filters'),
          fixed('Audit logs of the API server collected again'),
        ],
      },
      {
        version: '6.33',
        chartVersion: '6.33.0',
        releasedOn: '2026-08-20',
        changes: [added('Log-based alert rules')],
      },
    ],
    settingsSchema: schema({
      retentionDays: integer('Log retention (days)', 1, 90, 14),
      auditLogs: boolean('Collect Kubernetes audit logs', true),
    }),
    plans: [],
    requirements: anyClusterType(500, 2_048),
    extraCosts: [volume(100, 600)],
    publisher: verified('Clusterdeck'),
    documentationUrl: 'https://grafana.com/docs/loki/latest/',
    afterInstall: 'Container and audit logs searchable in Grafana, with a query guide.',
  },
  backup: {
    chart: { repository: 'https://vmware-tanzu.github.io/helm-charts', name: 'velero' },
    versions: [
      {
        version: '11.1',
        chartVersion: '11.1.0',
        releasedOn: '2026-10-01',
        changes: [added('File-system backups with Kopia'), fixed('Restores of volumes in another zone')],
      },
      {
        version: '10.1',
        chartVersion: '10.1.2',
        releasedOn: '2026-07-15',
        changes: [security('Velero 1.16.2')],
      },
    ],
    settingsSchema: schema({
      schedule: choice('Backup schedule', ['hourly', 'daily', 'weekly'], 'daily', [
        'Every hour',
        'Every day',
        'Every week',
      ]),
      retentionDays: integer('Keep backups (days)', 1, 365, 30),
      includeVolumes: boolean('Back up persistent volumes', true),
    }),
    plans: [],
    requirements: anyClusterType(250, 512),
    extraCosts: [
      {
        kind: 'backup_storage',
        description: 'Backup storage in another region, per 100 GiB',
        monthlyPriceCents: 300,
      },
    ],
    publisher: verified('Clusterdeck'),
    documentationUrl: 'https://velero.io/docs/',
    afterInstall: 'Scheduled backups of every namespace, and restores from the cluster page.',
  },
  'cert-manager': {
    chart: { repository: 'https://charts.jetstack.io', name: 'cert-manager' },
    versions: [
      {
        version: '1.19',
        chartVersion: 'v1.19.1',
        releasedOn: '2026-10-07',
        changes: [changed('ACME profiles for short-lived certificates')],
      },
      {
        version: '1.18',
        chartVersion: 'v1.18.2',
        releasedOn: '2026-07-01',
        changes: [fixed('Renewal of ECDSA keys')],
      },
    ],
    settingsSchema: schema({
      email: { type: 'string', title: "Let's Encrypt account email", format: 'email' },
      staging: boolean("Use Let's Encrypt staging", false, 'For tests: certificates not trusted by browsers'),
    }),
    plans: [],
    requirements: anyClusterType(100, 256),
    extraCosts: [],
    publisher: verified('CNCF / Jetstack'),
    documentationUrl: 'https://cert-manager.io/docs/',
    afterInstall: "A ClusterIssuer for Let's Encrypt: annotate an Ingress or Gateway to get a certificate.",
  },
  gateway: {
    chart: { repository: 'oci://docker.io/envoyproxy', name: 'gateway-helm' },
    versions: [
      {
        version: '1.6',
        chartVersion: 'v1.6.0',
        releasedOn: '2026-11-04',
        changes: [added('Gateway API 1.4')],
      },
      {
        version: '1.5',
        chartVersion: 'v1.5.3',
        releasedOn: '2026-08-12',
        changes: [security('Envoy 1.35.2')],
      },
    ],
    settingsSchema: schema({
      replicas: integer('Proxy replicas', 1, 10, 2),
      httpToHttps: boolean('Redirect HTTP to HTTPS', true),
    }),
    plans: [],
    requirements: anyClusterType(500, 512),
    extraCosts: [loadBalancer],
    publisher: verified('Envoy project'),
    documentationUrl: 'https://gateway.envoyproxy.io/docs/',
    afterInstall: 'A Gateway with a public address; route traffic with HTTPRoute objects.',
  },
  'service-mesh': {
    chart: { repository: 'https://istio-release.storage.googleapis.com/charts', name: 'ambient' },
    versions: [
      {
        version: '1.28',
        chartVersion: '1.28.0',
        releasedOn: '2026-11-10',
        changes: [added('Multicluster ambient')],
      },
      {
        version: '1.27',
        chartVersion: '1.27.3',
        releasedOn: '2026-09-22',
        changes: [fixed('ztunnel memory use')],
      },
    ],
    settingsSchema: schema({
      strictMtls: boolean('Require mutual TLS everywhere', true),
      waypoints: boolean('Layer-7 waypoints', false),
    }),
    plans: [],
    requirements: {
      clusterTypeIds: ['blue', 'red', 'data', 'ai'],
      minKubernetesVersion: '1.35',
      cpuMillicores: 1_000,
      memoryMib: 1_024,
    },
    extraCosts: [],
    publisher: verified('Istio project'),
    documentationUrl: 'https://istio.io/latest/docs/ambient/',
    afterInstall: 'Mutual TLS between the services of labelled namespaces, without sidecars.',
  },
  policy: {
    chart: { repository: 'https://kyverno.github.io/kyverno/', name: 'kyverno' },
    versions: [
      {
        version: '3.5',
        chartVersion: '3.5.2',
        releasedOn: '2026-10-20',
        changes: [added('Validating admission policies')],
      },
      {
        version: '3.4',
        chartVersion: '3.4.4',
        releasedOn: '2026-07-30',
        changes: [security('Kyverno 1.14.4')],
      },
    ],
    settingsSchema: schema({
      baseline: choice('Pod Security baseline', ['baseline', 'restricted'], 'baseline'),
      enforce: boolean('Block violations (otherwise report)', false),
    }),
    plans: [],
    requirements: anyClusterType(300, 512),
    extraCosts: [],
    publisher: verified('CNCF / Nirmata'),
    documentationUrl: 'https://kyverno.io/docs/',
    afterInstall:
      'Policy reports per namespace, and the CIS and Pod Security policies in audit or enforce mode.',
  },
  'runtime-security': {
    chart: { repository: 'https://falcosecurity.github.io/charts', name: 'falco' },
    versions: [
      {
        version: '6.4',
        chartVersion: '6.4.0',
        releasedOn: '2026-10-09',
        changes: [changed('Modern eBPF probe by default')],
      },
      {
        version: '6.2',
        chartVersion: '6.2.1',
        releasedOn: '2026-08-01',
        changes: [fixed('Rules for crypto miners')],
      },
    ],
    settingsSchema: schema({
      alertEmail: { type: 'string', title: 'Alert email', format: 'email' },
      minimumPriority: choice('Alert from priority', ['notice', 'warning', 'error', 'critical'], 'warning'),
    }),
    plans: [],
    requirements: anyClusterType(200, 512),
    extraCosts: [],
    publisher: verified('CNCF / Falco'),
    documentationUrl: 'https://falco.org/docs/',
    afterInstall: 'Alerts on suspicious container behaviour, by email and in the cluster events.',
  },
  'gpu-operator': {
    chart: { repository: 'https://helm.ngc.nvidia.com/nvidia', name: 'gpu-operator' },
    versions: [
      {
        version: '25.10',
        chartVersion: 'v25.10.0',
        releasedOn: '2026-10-30',
        changes: [added('Driver 580 for H200')],
      },
      {
        version: '25.3',
        chartVersion: 'v25.3.4',
        releasedOn: '2026-06-18',
        changes: [fixed('MIG profiles after reboot')],
      },
    ],
    settingsSchema: schema({
      mig: choice('MIG strategy', ['none', 'single', 'mixed'], 'none'),
      timeSlicing: integer('Time-slicing replicas per GPU', 1, 8, 1),
    }),
    plans: [],
    requirements: {
      clusterTypeIds: ['ai'],
      minKubernetesVersion: '1.34',
      cpuMillicores: 500,
      memoryMib: 1_024,
    },
    extraCosts: [],
    publisher: verified('NVIDIA'),
    documentationUrl: 'https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/',
    afterInstall: 'GPUs schedulable as nvidia.com/gpu, with DCGM metrics in the monitoring add-on.',
  },

  postgresql: {
    chart: { repository: 'https://cloudnative-pg.github.io/charts', name: 'cluster' },
    versions: [
      {
        version: '18.1',
        chartVersion: '0.4.0',
        releasedOn: '2026-11-13',
        changes: [
          added('PostgreSQL 18.1 with asynchronous I/O'),
          fixed('Failover of a replica behind on WAL'),
        ],
      },
      {
        version: '17.6',
        chartVersion: '0.3.1',
        releasedOn: '2026-08-14',
        changes: [security('PostgreSQL 17.6 (CVE-2026-8713)'), changed('Backups compressed with zstd')],
      },
    ],
    settingsSchema: schema(
      {
        databaseName: name('Database name', 'app', 'Lower-case letters, digits and underscores'),
        owner: name('Owner role', 'app', 'The role the application connects as'),
        maxConnections: integer('Max connections', 20, 5_000, 200),
        backupRetentionDays: integer('Keep backups (days)', 1, 35, 7),
        pointInTimeRecovery: boolean('Point-in-time recovery', true),
        extensions: {
          type: 'array',
          title: 'Extensions',
          uniqueItems: true,
          items: { type: 'string', enum: ['pgvector', 'postgis', 'pg_stat_statements', 'timescaledb'] },
          default: ['pg_stat_statements'],
        },
      },
      ['databaseName', 'owner'],
    ),
    plans: sizes(5_900, { cpuMillicores: 1_000, memoryMib: 2_048, storageGib: 20, replicas: 2 }),
    requirements: anyClusterType(200, 256),
    extraCosts: [volume(50, 500)],
    publisher: verified('CloudNativePG'),
    documentationUrl: 'https://cloudnative-pg.io/documentation/current/',
    afterInstall:
      'A primary and its replicas, a read-write and a read-only endpoint, a generated password, daily backups.',
  },
  mariadb: {
    chart: { repository: 'https://helm.mariadb.com/mariadb-operator', name: 'mariadb-operator' },
    versions: [
      {
        version: '11.8',
        chartVersion: '25.10.2',
        releasedOn: '2026-10-22',
        changes: [added('Galera auto-recovery')],
      },
      {
        version: '11.4',
        chartVersion: '25.8.1',
        releasedOn: '2026-08-05',
        changes: [security('MariaDB 11.4.8')],
      },
    ],
    settingsSchema: schema(
      {
        databaseName: name('Database name', 'app', 'Lower-case letters, digits and underscores'),
        maxConnections: integer('Max connections', 20, 5_000, 150),
        galera: boolean('Galera multi-primary', true),
      },
      ['databaseName'],
    ),
    plans: sizes(4_900, { cpuMillicores: 1_000, memoryMib: 2_048, storageGib: 20, replicas: 3 }),
    requirements: anyClusterType(200, 256),
    extraCosts: [volume(50, 500)],
    publisher: verified('MariaDB Foundation'),
    documentationUrl: 'https://github.com/mariadb-operator/mariadb-operator/tree/main/docs',
    afterInstall: 'A three-node Galera cluster behind one endpoint, a generated password, daily backups.',
  },
  valkey: {
    chart: { repository: 'oci://registry-1.docker.io/bitnamicharts', name: 'valkey' },
    versions: [
      {
        version: '8.1',
        chartVersion: '3.0.31',
        releasedOn: '2026-10-16',
        changes: [changed('Valkey 8.1.4')],
      },
      {
        version: '8.0',
        chartVersion: '2.4.7',
        releasedOn: '2026-07-09',
        changes: [fixed('Sentinel quorum on restart')],
      },
    ],
    settingsSchema: schema({
      maxMemoryPolicy: choice(
        'Eviction policy',
        ['noeviction', 'allkeys-lru', 'volatile-lru', 'allkeys-lfu'],
        'allkeys-lru',
      ),
      persistence: boolean('Persist to disk (AOF)', false),
    }),
    plans: sizes(2_900, { cpuMillicores: 500, memoryMib: 1_024, storageGib: 5, replicas: 3 }),
    requirements: anyClusterType(100, 128),
    extraCosts: [],
    publisher: verified('Linux Foundation'),
    documentationUrl: 'https://valkey.io/docs/',
    afterInstall: 'A primary, two replicas and Sentinel, one endpoint and a generated password.',
  },
  rabbitmq: {
    chart: { repository: 'oci://registry-1.docker.io/bitnamicharts', name: 'rabbitmq-cluster-operator' },
    versions: [
      {
        version: '4.1',
        chartVersion: '4.4.34',
        releasedOn: '2026-10-02',
        changes: [added('Khepri metadata store')],
      },
      {
        version: '4.0',
        chartVersion: '4.3.29',
        releasedOn: '2026-06-25',
        changes: [security('Erlang 27.3.4')],
      },
    ],
    settingsSchema: schema({
      vhost: { type: 'string', title: 'Virtual host', pattern: '^[a-z0-9/_-]{1,64}$', default: '/' },
      management: boolean('Management UI', true),
    }),
    plans: sizes(3_900, { cpuMillicores: 1_000, memoryMib: 2_048, storageGib: 10, replicas: 3 }),
    requirements: anyClusterType(200, 256),
    extraCosts: [],
    publisher: verified('Broadcom / RabbitMQ'),
    documentationUrl: 'https://www.rabbitmq.com/kubernetes/operator/operator-overview',
    afterInstall: 'Three nodes with quorum queues, an AMQP endpoint, the management UI and a generated user.',
  },
  kafka: {
    chart: { repository: 'https://strimzi.io/charts/', name: 'strimzi-kafka-operator' },
    versions: [
      {
        version: '4.1',
        chartVersion: '0.48.0',
        releasedOn: '2026-10-27',
        changes: [added('Kafka 4.1 in KRaft mode')],
      },
      {
        version: '4.0',
        chartVersion: '0.46.1',
        releasedOn: '2026-07-21',
        changes: [fixed('Rebalancing with Cruise Control')],
      },
    ],
    settingsSchema: schema({
      partitions: integer('Default partitions', 1, 128, 6),
      retentionHours: integer('Retention (hours)', 1, 2_160, 168),
      connect: boolean('Kafka Connect', false),
    }),
    plans: sizes(14_900, { cpuMillicores: 2_000, memoryMib: 4_096, storageGib: 50, replicas: 3 }),
    requirements: {
      clusterTypeIds: ['blue', 'red', 'data', 'ai'],
      minKubernetesVersion: '1.34',
      cpuMillicores: 500,
      memoryMib: 512,
    },
    extraCosts: [volume(100, 800)],
    publisher: verified('CNCF / Strimzi'),
    documentationUrl: 'https://strimzi.io/documentation/',
    afterInstall: 'Three brokers, a bootstrap endpoint with TLS, a generated SCRAM user and Cruise Control.',
  },
  opensearch: {
    chart: { repository: 'https://opensearch-project.github.io/helm-charts', name: 'opensearch' },
    versions: [
      {
        version: '3.2',
        chartVersion: '3.2.1',
        releasedOn: '2026-10-10',
        changes: [added('Vector search with FAISS')],
      },
      {
        version: '3.1',
        chartVersion: '3.1.0',
        releasedOn: '2026-07-03',
        changes: [security('OpenSearch 3.1.0')],
      },
    ],
    settingsSchema: schema({
      dashboards: boolean('OpenSearch Dashboards', true),
      shards: integer('Default shards', 1, 10, 1),
    }),
    plans: sizes(9_900, { cpuMillicores: 2_000, memoryMib: 4_096, storageGib: 50, replicas: 3 }),
    requirements: {
      clusterTypeIds: ['blue', 'red', 'data', 'ai'],
      minKubernetesVersion: '1.34',
      cpuMillicores: 200,
      memoryMib: 512,
    },
    extraCosts: [volume(100, 800)],
    publisher: verified('OpenSearch Project'),
    documentationUrl: 'https://docs.opensearch.org/latest/',
    afterInstall: 'Three nodes, an HTTPS endpoint, Dashboards and a generated admin user.',
  },
  keycloak: {
    chart: { repository: 'https://codecentric.github.io/helm-charts', name: 'keycloakx' },
    versions: [
      {
        version: '26.4',
        chartVersion: '7.1.3',
        releasedOn: '2026-10-24',
        changes: [added('Passkeys by default')],
      },
      {
        version: '26.3',
        chartVersion: '7.0.1',
        releasedOn: '2026-08-08',
        changes: [security('Keycloak 26.3.3')],
      },
    ],
    settingsSchema: schema(
      {
        realm: { type: 'string', title: 'First realm', pattern: '^[a-z0-9-]{1,36}$', default: 'main' },
        hostname: { type: 'string', title: 'Public host name', format: 'hostname' },
      },
      ['realm'],
    ),
    plans: sizes(3_900, { cpuMillicores: 1_000, memoryMib: 2_048, storageGib: 5, replicas: 2 }),
    requirements: anyClusterType(200, 256),
    extraCosts: [loadBalancer],
    publisher: verified('CNCF / Keycloak'),
    documentationUrl: 'https://www.keycloak.org/documentation',
    afterInstall: 'Keycloak with its own PostgreSQL, a first realm and a generated admin user.',
  },
  harbor: {
    chart: { repository: 'https://helm.goharbor.io', name: 'harbor' },
    versions: [
      {
        version: '2.14',
        chartVersion: '1.18.0',
        releasedOn: '2026-10-06',
        changes: [added('Replication to S3-compatible stores')],
      },
      {
        version: '2.13',
        chartVersion: '1.17.2',
        releasedOn: '2026-07-17',
        changes: [security('Trivy 0.65 scanner')],
      },
    ],
    settingsSchema: schema({
      scanOnPush: boolean('Scan images on push', true),
      storageGib: integer('Registry storage (GiB)', 20, 2_000, 100),
    }),
    plans: [],
    requirements: anyClusterType(1_000, 2_048),
    extraCosts: [volume(100, 600), loadBalancer],
    publisher: verified('CNCF / Harbor'),
    documentationUrl: 'https://goharbor.io/docs/',
    afterInstall:
      'A registry with its web UI, robot accounts, vulnerability scanning and a generated admin user.',
  },
  minio: {
    chart: { repository: 'https://operator.min.io', name: 'tenant' },
    versions: [
      {
        version: '2025.9',
        chartVersion: '7.1.1',
        releasedOn: '2026-09-30',
        changes: [changed('Erasure coding EC:2 by default')],
      },
      {
        version: '2025.4',
        chartVersion: '7.0.1',
        releasedOn: '2026-05-12',
        changes: [fixed('Bucket notifications to Kafka')],
      },
    ],
    settingsSchema: schema({
      buckets: {
        type: 'array',
        title: 'Buckets to create',
        items: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]{2,62}$' },
        default: ['data'],
      },
      versioning: boolean('Object versioning', true),
    }),
    plans: sizes(3_900, { cpuMillicores: 1_000, memoryMib: 2_048, storageGib: 100, replicas: 4 }),
    requirements: anyClusterType(200, 256),
    extraCosts: [],
    publisher: { name: 'MinIO community', verified: false },
    documentationUrl: 'https://min.io/docs/minio/kubernetes/upstream/',
    afterInstall: 'An S3 endpoint, a console, the buckets asked for and a generated access key.',
  },
}
