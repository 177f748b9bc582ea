import type { AddOnRow } from '../schema/catalog.ts'

/** Cluster add-ons in display order; a flat USD-cent price per cluster and month. */
export const ADD_ONS: Omit<AddOnRow, 'position'>[] = [
  {
    id: 'monitoring',
    name: 'Managed Prometheus & Grafana',
    category: 'observability',
    description: 'Metrics, dashboards and alerting with 30 days of retention.',
    monthlyPriceCents: 4_900,
  },
  {
    id: 'logging',
    name: 'Log management (Loki)',
    category: 'observability',
    description: 'Container and audit logs, searchable for 14 days.',
    monthlyPriceCents: 3_900,
  },
  {
    id: 'backup',
    name: 'Backup & restore (Velero)',
    category: 'backup',
    description: 'Daily backups of manifests and persistent volumes, kept 30 days in another region.',
    monthlyPriceCents: 2_900,
  },
  {
    id: 'cert-manager',
    name: 'cert-manager',
    category: 'security',
    description: "Automatic TLS certificates from Let's Encrypt.",
    monthlyPriceCents: 0,
  },
  {
    id: 'gateway',
    name: 'Envoy Gateway',
    category: 'networking',
    description: 'Gateway API ingress with a managed load balancer.',
    monthlyPriceCents: 1_900,
  },
  {
    id: 'service-mesh',
    name: 'Service mesh (Istio ambient)',
    category: 'networking',
    description: 'Mutual TLS between services and traffic management without sidecars.',
    monthlyPriceCents: 5_900,
  },
  {
    id: 'policy',
    name: 'Policy enforcement (Kyverno)',
    category: 'security',
    description: 'Admission policies with a CIS and Pod Security Standards baseline.',
    monthlyPriceCents: 1_900,
  },
  {
    id: 'runtime-security',
    name: 'Runtime security (Falco)',
    category: 'security',
    description: 'Detection of suspicious container behaviour, with alerts.',
    monthlyPriceCents: 3_900,
  },
  {
    id: 'gpu-operator',
    name: 'NVIDIA GPU operator',
    category: 'gpu',
    description: 'GPU drivers, device plugin and DCGM metrics on GPU node pools.',
    monthlyPriceCents: 0,
  },
]
