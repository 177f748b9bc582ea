import type { ClusterTypeSlug } from '#common/routes.ts'
import type { ClusterTypeFrench } from '#common/schemas/catalog.ts'

/** The cluster types' texts in French (same order of features and use cases as the English). */
export const CLUSTER_TYPES_FRENCH: Record<ClusterTypeSlug, Required<ClusterTypeFrench>> = {
  blue: {
    tagline:
      'Des clusters de production avec un plan de contrôle hautement disponible et de bons réglages par défaut.',
    includedFeatures: [
      'Plan de contrôle hautement disponible (3 réplicas)',
      'Mise à l’échelle automatique des pools de nœuds',
      'Mises à jour correctives automatiques',
      'Sauvegardes etcd quotidiennes conservées 7 jours',
      'Support aux heures ouvrées',
    ],
    useCases: ['Applications web et API', 'Back-ends SaaS', 'Microservices'],
  },
  red: {
    tagline: 'Plan de contrôle multi-zones, réseau privé et SLA de 99,99 % pour les charges critiques.',
    includedFeatures: [
      'Plan de contrôle réparti sur trois zones de disponibilité',
      'Point d’accès API privé et appairage VPC',
      'Sauvegardes etcd horaires conservées 30 jours',
      'Journaux d’audit exportés pendant 1 an',
      'Éligible aux centres de données HDS et SecNumCloud',
      'Support 24/7 avec réponse critique en 15 minutes',
    ],
    useCases: [
      'Charges réglementées (santé, finance, secteur public)',
      'Cœur bancaire et paiements',
      'E-commerce en pic de charge',
    ],
  },
  green: {
    tagline:
      'Des clusters économiques sur un plan de contrôle partagé, dans des centres de données bas carbone.',
    includedFeatures: [
      'Plan de contrôle partagé et géré',
      'Mise à l’échelle automatique des pools de nœuds',
      'Sauvegardes etcd hebdomadaires',
    ],
    useCases: ['Outils internes', 'Traitements par lots', 'Petits services de production à budget serré'],
  },
  data: {
    tagline:
      'Des nœuds riches en mémoire et un stockage local rapide pour Spark, Trino et les pipelines de streaming.',
    includedFeatures: [
      'Plan de contrôle hautement disponible (3 réplicas)',
      'Classe de stockage NVMe local',
      'Opérateurs Spark et Flink préinstallés',
      'Passerelle de stockage objet pour les data lakes',
    ],
    useCases: ['Analytique Spark et Trino', 'Traitement de flux Kafka', 'Data lakes et ETL'],
  },
  ai: {
    tagline: 'Des pools de nœuds GPU avec l’opérateur NVIDIA prêt pour l’entraînement et l’inférence.',
    includedFeatures: [
      'Plan de contrôle hautement disponible (3 réplicas)',
      'Opérateur GPU NVIDIA et pilotes préinstallés',
      'Partage de GPU (time-slicing) et profils MIG',
      'Pools de nœuds GPU qui descendent à zéro',
    ],
    useCases: [
      'Entraînement et ajustement de modèles',
      'Points d’inférence LLM',
      'Pipelines de vision par ordinateur',
    ],
  },
  orange: {
    tagline:
      'Des clusters jetables pour la CI, les prévisualisations et la préproduction, arrêtés automatiquement la nuit.',
    includedFeatures: [
      'Plan de contrôle partagé et géré',
      'Arrêt programmé la nuit et le week-end',
      'Environnements de prévisualisation',
    ],
    useCases: ['Pipelines de CI', 'Prévisualisation des pull requests', 'Environnements de préproduction'],
  },
  sandbox: {
    tagline: 'Un cluster gratuit à un nœud pour apprendre Kubernetes et essayer la plateforme.',
    includedFeatures: [
      'Plan de contrôle partagé',
      'Un pool de nœuds de 2 nœuds au plus',
      'Supprimé après 30 jours sans utilisation',
    ],
    useCases: ['Apprendre Kubernetes', 'Essayer Clusterdeck', 'Ateliers et démonstrations'],
  },
}
