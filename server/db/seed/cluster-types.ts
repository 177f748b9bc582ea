import type { ClusterTypeSlug } from '#common/routes.ts'
import type { ClusterTypeRow } from '../schema/catalog.ts'
import { CLUSTER_TYPES_FRENCH } from './cluster-types-french.ts'

type SeedClusterType = Omit<ClusterTypeRow, 'position'> & { id: string; allowedFlavorIds: string[] }

const GENERAL = ['gp-2-8', 'gp-4-16', 'gp-8-32', 'gp-16-64', 'gp-32-128']
const COMPUTE = ['cpu-4-8', 'cpu-8-16', 'cpu-16-32']
const MEMORY = ['mem-2-16', 'mem-4-32', 'mem-8-64', 'mem-16-128']
const GPU = ['gpu-l4-1', 'gpu-l40s-1', 'gpu-a100-1', 'gpu-h100-1', 'gpu-h100-8']

/**
 * The seven cluster types the footer lists, in display order (the order and names
 * GET /api/cluster-tiers answers). Base prices are USD cents a month for the control plane and
 * what the type includes; node pools are priced on top.
 */
const TYPES: Omit<SeedClusterType, 'french'>[] = [
  {
    id: 'blue',
    name: 'Standard',
    colour: '#2563eb',
    tagline: 'Production clusters with a highly available control plane and sensible defaults.',
    slaPercent: 99.95,
    controlPlaneMode: 'dedicated_ha',
    includedFeatures: [
      'Highly available control plane (3 replicas)',
      'Node pool autoscaling',
      'Automatic patch upgrades',
      'Daily etcd backups kept 7 days',
      'Business-hours support',
    ],
    allowedFlavorIds: [...GENERAL, ...COMPUTE, ...MEMORY],
    baseMonthlyPriceCents: 7_900,
    useCases: ['Web applications and APIs', 'SaaS back ends', 'Microservices'],
  },
  {
    id: 'red',
    name: 'Enterprise',
    colour: '#dc2626',
    tagline: 'Multi-zone control plane, private networking and a 99.99% SLA for critical workloads.',
    slaPercent: 99.99,
    controlPlaneMode: 'dedicated_multi_zone',
    includedFeatures: [
      'Control plane spread over three availability zones',
      'Private API endpoint and VPC peering',
      'Hourly etcd backups kept 30 days',
      'Audit logs exported for 1 year',
      'Eligible for HDS and SecNumCloud data centers',
      '24/7 support with a 15-minute critical response',
    ],
    allowedFlavorIds: [...GENERAL, ...COMPUTE, ...MEMORY, ...GPU],
    baseMonthlyPriceCents: 49_900,
    useCases: [
      'Regulated workloads (health, finance, public sector)',
      'Core banking and payments',
      'E-commerce at peak',
    ],
  },
  {
    id: 'green',
    name: 'Economy',
    colour: '#16a34a',
    tagline: 'Cost-efficient clusters on a shared control plane, run on low-carbon data centers.',
    slaPercent: 99.5,
    controlPlaneMode: 'shared',
    includedFeatures: ['Shared, managed control plane', 'Node pool autoscaling', 'Weekly etcd backups'],
    allowedFlavorIds: ['dev-2-4', 'gp-2-8', 'gp-4-16', 'gp-8-32', 'cpu-4-8', 'mem-2-16'],
    baseMonthlyPriceCents: 1_900,
    useCases: ['Internal tools', 'Batch jobs', 'Small production services on a budget'],
  },
  {
    id: 'data',
    name: 'Data Analytics',
    colour: '#0891b2',
    tagline: 'Memory-heavy nodes and fast local storage for Spark, Trino and streaming pipelines.',
    slaPercent: 99.95,
    controlPlaneMode: 'dedicated_ha',
    includedFeatures: [
      'Highly available control plane (3 replicas)',
      'Local NVMe storage class',
      'Spark and Flink operators pre-installed',
      'Object storage gateway for data lakes',
    ],
    allowedFlavorIds: [...MEMORY, ...COMPUTE, 'gp-8-32', 'gp-16-64', 'gp-32-128'],
    baseMonthlyPriceCents: 14_900,
    useCases: ['Spark and Trino analytics', 'Kafka stream processing', 'Data lakes and ETL'],
  },
  {
    id: 'ai',
    name: 'AI/ML',
    colour: '#7c3aed',
    tagline: 'GPU node pools with the NVIDIA operator ready for training and inference.',
    slaPercent: 99.9,
    controlPlaneMode: 'dedicated_ha',
    includedFeatures: [
      'Highly available control plane (3 replicas)',
      'NVIDIA GPU operator and drivers pre-installed',
      'GPU time-slicing and MIG profiles',
      'Scale-to-zero GPU node pools',
    ],
    allowedFlavorIds: [...GPU, 'gp-4-16', 'gp-8-32', 'mem-8-64'],
    baseMonthlyPriceCents: 19_900,
    useCases: ['Model training and fine-tuning', 'LLM inference endpoints', 'Computer vision pipelines'],
  },
  {
    id: 'orange',
    name: 'Dev/Test',
    colour: '#ea580c',
    tagline: 'Throwaway clusters for CI, previews and staging, stopped automatically at night.',
    slaPercent: null,
    controlPlaneMode: 'shared',
    includedFeatures: [
      'Shared, managed control plane',
      'Scheduled night and weekend shutdown',
      'Preview environments',
    ],
    allowedFlavorIds: ['dev-1-2', 'dev-2-4', 'gp-2-8', 'gp-4-16', 'cpu-4-8'],
    baseMonthlyPriceCents: 900,
    useCases: ['CI pipelines', 'Pull-request previews', 'Staging environments'],
  },
  {
    id: 'sandbox',
    name: 'Sandbox',
    colour: '#6b7280',
    tagline: 'A free single-node cluster to learn Kubernetes and try the platform.',
    slaPercent: null,
    controlPlaneMode: 'shared',
    includedFeatures: [
      'Shared control plane',
      'One node pool of up to 2 nodes',
      'Deleted after 30 days without use',
    ],
    allowedFlavorIds: ['dev-1-2', 'dev-2-4'],
    baseMonthlyPriceCents: 0,
    useCases: ['Learning Kubernetes', 'Trying Clusterdeck', 'Workshops and demos'],
  },
]

export const CLUSTER_TYPES: SeedClusterType[] = TYPES.map((type) => ({
  ...type,
  french: CLUSTER_TYPES_FRENCH[type.id as ClusterTypeSlug],
}))
