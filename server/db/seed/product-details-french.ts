import type { ProductFrench } from '#common/schemas/catalog.ts'
import type { ProductDetails } from '#common/schemas/products.ts'
import { PRODUCT_DETAILS } from './product-details.ts'

/**
 * The French reading of the products' marketplace details (product-details.ts): changes,
 * settings, extra costs and what an installation gives. A product's row keeps those of its own
 * sheet (`french.sheet`). Version numbers and names of software read the same in French.
 */
const FRENCH: Record<string, string> = {
  // Monitoring
  'Grafana 12.2 dashboards for Cilium': 'Tableaux de bord Grafana 12.2 pour Cilium',
  'Alertmanager silences kept across upgrades': 'Silences d’Alertmanager conservés lors des mises à jour',
  'Prometheus 3.6': 'Prometheus 3.6',
  'Grafana image rebuilt for CVE-2026-21102': 'Image Grafana reconstruite pour la CVE-2026-21102',
  'Metrics retention (days)': 'Conservation des métriques (jours)',
  'Alert email': 'E-mail des alertes',
  'Where alerts are sent': 'Où les alertes sont envoyées',
  'Expose Grafana publicly': 'Exposer Grafana publiquement',
  'Behind the cluster gateway, with sign-in': 'Derrière la passerelle du cluster, avec connexion',
  "Persistent volumes beyond the plan's storage, per 50 GiB":
    'Volumes persistants au-delà du stockage de l’offre, par tranche de 50 Gio',
  "Persistent volumes beyond the plan's storage, per 100 GiB":
    'Volumes persistants au-delà du stockage de l’offre, par tranche de 100 Gio',
  'Grafana with the cluster, node and workload dashboards; alert rules for nodes, pods and volumes.':
    'Grafana avec les tableaux de bord du cluster, des nœuds et des charges ; des règles d’alerte pour les nœuds, les pods et les volumes.',
  // Logging
  'Loki 3.5 with bloom filters': 'Loki 3.5 avec filtres de Bloom',
  'Audit logs of the API server collected again': 'Journaux d’audit du serveur d’API de nouveau collectés',
  'Log-based alert rules': 'Règles d’alerte fondées sur les journaux',
  'Log retention (days)': 'Conservation des journaux (jours)',
  'Collect Kubernetes audit logs': 'Collecter les journaux d’audit Kubernetes',
  'Container and audit logs searchable in Grafana, with a query guide.':
    'Journaux des conteneurs et d’audit consultables dans Grafana, avec un guide des requêtes.',
  // Backup
  'File-system backups with Kopia': 'Sauvegardes du système de fichiers avec Kopia',
  'Restores of volumes in another zone': 'Restaurations de volumes dans une autre zone',
  'Velero 1.16.2': 'Velero 1.16.2',
  'Backup schedule': 'Fréquence des sauvegardes',
  'Every hour': 'Toutes les heures',
  'Every day': 'Tous les jours',
  'Every week': 'Toutes les semaines',
  'Keep backups (days)': 'Conserver les sauvegardes (jours)',
  'Back up persistent volumes': 'Sauvegarder les volumes persistants',
  'Backup storage in another region, per 100 GiB':
    'Stockage des sauvegardes dans une autre région, par tranche de 100 Gio',
  'Scheduled backups of every namespace, and restores from the cluster page.':
    'Sauvegardes planifiées de chaque namespace, et restaurations depuis la page du cluster.',
  // cert-manager
  'ACME profiles for short-lived certificates': 'Profils ACME pour les certificats de courte durée',
  'Renewal of ECDSA keys': 'Renouvellement des clés ECDSA',
  "Let's Encrypt account email": 'E-mail du compte Let’s Encrypt',
  "Use Let's Encrypt staging": 'Utiliser l’environnement de test de Let’s Encrypt',
  'For tests: certificates not trusted by browsers':
    'Pour les tests : certificats non reconnus par les navigateurs',
  "A ClusterIssuer for Let's Encrypt: annotate an Ingress or Gateway to get a certificate.":
    'Un ClusterIssuer pour Let’s Encrypt : annotez un Ingress ou une Gateway pour obtenir un certificat.',
  // Gateway
  'Gateway API 1.4': 'Gateway API 1.4',
  'Envoy 1.35.2': 'Envoy 1.35.2',
  'Proxy replicas': 'Réplicas du proxy',
  'Redirect HTTP to HTTPS': 'Rediriger HTTP vers HTTPS',
  'A public load balancer, when exposed outside the cluster':
    'Un équilibreur de charge public, quand le service est exposé hors du cluster',
  'A Gateway with a public address; route traffic with HTTPRoute objects.':
    'Une Gateway avec une adresse publique ; routez le trafic avec des objets HTTPRoute.',
  // Service mesh
  'Multicluster ambient': 'Mode ambient multicluster',
  'ztunnel memory use': 'Consommation mémoire de ztunnel',
  'Require mutual TLS everywhere': 'Exiger le TLS mutuel partout',
  'Layer-7 waypoints': 'Waypoints de couche 7',
  'Mutual TLS between the services of labelled namespaces, without sidecars.':
    'TLS mutuel entre les services des namespaces étiquetés, sans sidecars.',
  // Policy
  'Validating admission policies': 'Politiques d’admission de validation',
  'Kyverno 1.14.4': 'Kyverno 1.14.4',
  'Pod Security baseline': 'Niveau Pod Security',
  'Block violations (otherwise report)': 'Bloquer les violations (sinon les signaler)',
  'Policy reports per namespace, and the CIS and Pod Security policies in audit or enforce mode.':
    'Rapports de politiques par namespace, et les politiques CIS et Pod Security en mode audit ou blocage.',
  // Runtime security
  'Modern eBPF probe by default': 'Sonde eBPF moderne par défaut',
  'Rules for crypto miners': 'Règles contre les mineurs de cryptomonnaie',
  'Alert from priority': 'Alerter à partir de la priorité',
  'Alerts on suspicious container behaviour, by email and in the cluster events.':
    'Alertes sur les comportements suspects des conteneurs, par e-mail et dans les événements du cluster.',
  // GPU operator
  'Driver 580 for H200': 'Pilote 580 pour H200',
  'MIG profiles after reboot': 'Profils MIG conservés après redémarrage',
  'MIG strategy': 'Stratégie MIG',
  'Time-slicing replicas per GPU': 'Réplicas de partage de temps par GPU',
  'GPUs schedulable as nvidia.com/gpu, with DCGM metrics in the monitoring add-on.':
    'GPU planifiables en tant que nvidia.com/gpu, avec les métriques DCGM dans le module de supervision.',
  // PostgreSQL
  'PostgreSQL 18.1 with asynchronous I/O': 'PostgreSQL 18.1 avec entrées-sorties asynchrones',
  'Failover of a replica behind on WAL': 'Bascule d’un réplica en retard sur les WAL',
  'PostgreSQL 17.6 (CVE-2026-8713)': 'PostgreSQL 17.6 (CVE-2026-8713)',
  'Backups compressed with zstd': 'Sauvegardes compressées avec zstd',
  'Database name': 'Nom de la base de données',
  'Lower-case letters, digits and underscores': 'Lettres minuscules, chiffres et tirets bas',
  'Owner role': 'Rôle propriétaire',
  'The role the application connects as': 'Le rôle sous lequel l’application se connecte',
  'Max connections': 'Connexions maximales',
  'Point-in-time recovery': 'Restauration à un instant donné',
  Extensions: 'Extensions',
  'A primary and its replicas, a read-write and a read-only endpoint, a generated password, daily backups.':
    'Un primaire et ses réplicas, un point d’accès en lecture-écriture et un en lecture seule, un mot de passe généré, des sauvegardes quotidiennes.',
  // MariaDB
  'Galera auto-recovery': 'Reprise automatique de Galera',
  'MariaDB 11.4.8': 'MariaDB 11.4.8',
  'Galera multi-primary': 'Galera multi-primaire',
  'A three-node Galera cluster behind one endpoint, a generated password, daily backups.':
    'Un cluster Galera à trois nœuds derrière un seul point d’accès, un mot de passe généré, des sauvegardes quotidiennes.',
  // Valkey
  'Valkey 8.1.4': 'Valkey 8.1.4',
  'Sentinel quorum on restart': 'Quorum Sentinel au redémarrage',
  'Eviction policy': 'Politique d’éviction',
  'Persist to disk (AOF)': 'Persister sur disque (AOF)',
  'A primary, two replicas and Sentinel, one endpoint and a generated password.':
    'Un primaire, deux réplicas et Sentinel, un point d’accès et un mot de passe généré.',
  // RabbitMQ
  'Khepri metadata store': 'Stockage des métadonnées Khepri',
  'Erlang 27.3.4': 'Erlang 27.3.4',
  'Virtual host': 'Hôte virtuel',
  'Management UI': 'Interface d’administration',
  'Three nodes with quorum queues, an AMQP endpoint, the management UI and a generated user.':
    'Trois nœuds avec files quorum, un point d’accès AMQP, l’interface d’administration et un utilisateur généré.',
  // Kafka
  'Kafka 4.1 in KRaft mode': 'Kafka 4.1 en mode KRaft',
  'Rebalancing with Cruise Control': 'Rééquilibrage avec Cruise Control',
  'Default partitions': 'Partitions par défaut',
  'Retention (hours)': 'Conservation (heures)',
  'Kafka Connect': 'Kafka Connect',
  'Three brokers, a bootstrap endpoint with TLS, a generated SCRAM user and Cruise Control.':
    'Trois brokers, un point d’accès d’amorçage en TLS, un utilisateur SCRAM généré et Cruise Control.',
  // OpenSearch
  'Vector search with FAISS': 'Recherche vectorielle avec FAISS',
  'OpenSearch 3.1.0': 'OpenSearch 3.1.0',
  'OpenSearch Dashboards': 'OpenSearch Dashboards',
  'Default shards': 'Shards par défaut',
  'Three nodes, an HTTPS endpoint, Dashboards and a generated admin user.':
    'Trois nœuds, un point d’accès HTTPS, Dashboards et un administrateur généré.',
  // Keycloak
  'Passkeys by default': 'Clés d’accès par défaut',
  'Keycloak 26.3.3': 'Keycloak 26.3.3',
  'First realm': 'Premier realm',
  'Public host name': 'Nom d’hôte public',
  'Keycloak with its own PostgreSQL, a first realm and a generated admin user.':
    'Keycloak avec sa propre base PostgreSQL, un premier realm et un administrateur généré.',
  // Harbor
  'Replication to S3-compatible stores': 'Réplication vers des stockages compatibles S3',
  'Trivy 0.65 scanner': 'Analyseur Trivy 0.65',
  'Scan images on push': 'Analyser les images à l’envoi',
  'Registry storage (GiB)': 'Stockage du registre (Gio)',
  'A registry with its web UI, robot accounts, vulnerability scanning and a generated admin user.':
    'Un registre avec son interface web, des comptes robots, l’analyse des vulnérabilités et un administrateur généré.',
  // MinIO
  'Erasure coding EC:2 by default': 'Codage d’effacement EC:2 par défaut',
  'Bucket notifications to Kafka': 'Notifications des buckets vers Kafka',
  'Buckets to create': 'Buckets à créer',
  'Object versioning': 'Gestion des versions des objets',
  'An S3 endpoint, a console, the buckets asked for and a generated access key.':
    'Un point d’accès S3, une console, les buckets demandés et une clé d’accès générée.',
}

/** The titles and descriptions of a settings schema (its properties, at any depth). */
function schemaTexts(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return []
  const node = schema as Record<string, unknown>
  const own = [
    node.title,
    node.description,
    ...(Array.isArray(node.enumTitles) ? node.enumTitles : []),
  ].filter((text): text is string => typeof text === 'string')
  const nested = [node.properties, node.items]
    .flatMap((child) =>
      child && typeof child === 'object' && !('type' in child) ? Object.values(child) : [child],
    )
    .flatMap(schemaTexts)
  return [...own, ...nested]
}

/** The texts a product sheet shows from a product's marketplace details. */
export function productDetailTexts(details: ProductDetails | Record<string, never>): string[] {
  if (!('versions' in details)) return []
  return [
    ...details.versions.flatMap((version) => version.changes.map((change) => change.text)),
    ...schemaTexts(details.settingsSchema),
    ...details.extraCosts.map((cost) => cost.description),
    details.afterInstall,
  ]
}

/** The French of a product's sheet, each under its English text (what the seed knows of it). */
export function productSheetInFrench(productId: string): Record<string, string> {
  const texts = productDetailTexts(PRODUCT_DETAILS[productId] ?? {})
  return Object.fromEntries(texts.flatMap((text) => (FRENCH[text] ? [[text, FRENCH[text]]] : [])))
}

/** A product's seed row with the French of its sheet beside its name's and description's. */
export function withSheetInFrench<Row extends { id: string; french?: ProductFrench | undefined }>(
  row: Row,
): Row {
  return { ...row, french: { ...row.french, sheet: productSheetInFrench(row.id) } }
}
