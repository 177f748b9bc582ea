import type { AddOnRow } from '../schema/catalog.ts'
import { withSheetInFrench } from './product-details-french.ts'

/** Cluster add-ons in display order; a flat USD-cent price per cluster and month. */
const ADD_ON_ROWS: Omit<AddOnRow, 'position'>[] = [
  {
    id: 'monitoring',
    name: 'Managed Prometheus & Grafana',
    category: 'observability',
    description: 'Metrics, dashboards and alerting with 30 days of retention.',
    monthlyPriceCents: 4_900,
    french: {
      name: 'Prometheus et Grafana managés',
      description: 'Métriques, tableaux de bord et alertes, conservés 30 jours.',
    },
  },
  {
    id: 'logging',
    name: 'Log management (Loki)',
    category: 'observability',
    description: 'Container and audit logs, searchable for 14 days.',
    monthlyPriceCents: 3_900,
    french: {
      name: 'Gestion des journaux (Loki)',
      description: 'Journaux des conteneurs et d’audit, consultables pendant 14 jours.',
    },
  },
  {
    id: 'backup',
    name: 'Backup & restore (Velero)',
    category: 'backup',
    description: 'Daily backups of manifests and persistent volumes, kept 30 days in another region.',
    monthlyPriceCents: 2_900,
    french: {
      name: 'Sauvegarde et restauration (Velero)',
      description:
        'Sauvegardes quotidiennes des manifestes et des volumes persistants, conservées 30 jours dans une autre région.',
    },
  },
  {
    id: 'cert-manager',
    name: 'cert-manager',
    category: 'security',
    description: "Automatic TLS certificates from Let's Encrypt.",
    monthlyPriceCents: 0,
    french: {
      name: 'cert-manager',
      description: 'Certificats TLS automatiques de Let’s Encrypt.',
    },
  },
  {
    id: 'gateway',
    name: 'Envoy Gateway',
    category: 'networking',
    description: 'Gateway API ingress with a managed load balancer.',
    monthlyPriceCents: 1_900,
    french: {
      name: 'Envoy Gateway',
      description: 'Entrée Gateway API avec un répartiteur de charge managé.',
    },
  },
  {
    id: 'service-mesh',
    name: 'Service mesh (Istio ambient)',
    category: 'networking',
    description: 'Mutual TLS between services and traffic management without sidecars.',
    monthlyPriceCents: 5_900,
    french: {
      name: 'Maillage de services (Istio ambient)',
      description: 'TLS mutuel entre services et gestion du trafic, sans sidecars.',
    },
  },
  {
    id: 'policy',
    name: 'Policy enforcement (Kyverno)',
    category: 'security',
    description: 'Admission policies with a CIS and Pod Security Standards baseline.',
    monthlyPriceCents: 1_900,
    french: {
      name: 'Application des règles (Kyverno)',
      description: 'Règles d’admission avec une base CIS et Pod Security Standards.',
    },
  },
  {
    id: 'runtime-security',
    name: 'Runtime security (Falco)',
    category: 'security',
    description: 'Detection of suspicious container behaviour, with alerts.',
    monthlyPriceCents: 3_900,
    french: {
      name: 'Sécurité à l’exécution (Falco)',
      description: 'Détection des comportements suspects des conteneurs, avec alertes.',
    },
  },
  {
    id: 'gpu-operator',
    name: 'NVIDIA GPU operator',
    category: 'gpu',
    description: 'GPU drivers, device plugin and DCGM metrics on GPU node pools.',
    monthlyPriceCents: 0,
    french: {
      name: 'Opérateur GPU NVIDIA',
      description: 'Pilotes GPU, plugin de périphérique et métriques DCGM sur les pools de nœuds GPU.',
    },
  },
]

/** The rows with the French of each product's sheet beside its own (product-details-french.ts). */
export const ADD_ONS = ADD_ON_ROWS.map(withSheetInFrench)
