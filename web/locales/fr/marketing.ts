import type { marketing as english } from '../en/marketing.ts'

export const marketing: typeof english = {
  descriptions: {
    home: 'Des clusters Kubernetes managés dans des centres de données européens : commandez en quelques minutes, suivez le provisionnement en direct, en conformité RGPD, HDS et CISPE.',
    pricing:
      'Les prix de chaque type de cluster, gabarit de nœud, module et plan de support Clusterdeck en USD, EUR ou GBP, au mois ou à l’année, avec une estimation immédiate.',
    documentation:
      'Le guide d’utilisation de Clusterdeck : commander des clusters, pools de nœuds et autoscaling, kubeconfig, modules, middleware, facturation, API et sécurité.',
    tutorials:
      'Des tutoriels Kubernetes pas à pas sur Clusterdeck : ingress et TLS, autoscaling, sauvegardes, GPU, migrations et CI/CD.',
    clusterType:
      'Les clusters {{name}} sur Clusterdeck : SLA, plan de contrôle, fonctionnalités incluses, gabarits de nœuds et prix, hébergés dans l’UE.',
  },
  clusterTypeTitle: 'Clusters {{name}}',
  pricing: {
    lead: 'Un cluster coûte le plan de contrôle de son type plus ses nœuds, facturés à l’heure d’utilisation. Payez au mois, ou à l’année pour dix mois du prix.',
    typesTitle: 'Types de clusters',
    noSla: 'Sans SLA',
    sla: 'SLA de disponibilité de l’API de {{percent}}',
    free: 'Gratuit',
    perMonth: '/ mois',
    perYear: '/ an',
    perHour: '/ heure',
    startingPrice:
      'À partir de : le plan de contrôle et un nœud du plus petit gabarit ; les nœuds supplémentaires sont facturés selon leur gabarit.',
    yearlySaving: 'Économisez {{percent}} % en facturation annuelle',
    typeDetails: 'À propos des clusters {{name}}',
    flavorsTitle: 'Gabarits de nœuds',
    flavorsLead:
      'Chaque pool de nœuds utilise un gabarit. Un nœud coûte son prix horaire pour chaque heure de fonctionnement ; un mois compte 730 heures.',
    columns: {
      flavor: 'Gabarit',
      vcpu: 'vCPU',
      ram: 'Mémoire',
      gpu: 'GPU',
      disk: 'Disque',
      hourly: 'Par heure',
      monthly: 'Par mois',
      yearly: 'Par an',
    },
    families: {
      development: 'Développement',
      general_purpose: 'Usage général',
      compute: 'Optimisé calcul',
      memory: 'Optimisé mémoire',
      gpu: 'GPU',
    },
    addOnsTitle: 'Modules',
    included: 'Inclus',
    supportTitle: 'Plans de support',
    coverage: { business_hours: 'Heures ouvrées', '24x7': '24/7' },
    response: 'réponse critique sous {{duration}}',
    notesTitle: 'Comment fonctionne la facturation',
    notes: {
      yearly:
        'La facturation annuelle compte dix mois pour douze : l’économie affichée se compare à douze paiements mensuels.',
      promo:
        'Les nouvelles organisations bénéficient de {{percent}} % sur leur première commande payante avec le code {{code}}.',
      hours:
        'Les nœuds sont facturés à l’heure de fonctionnement ; les clusters Dev/Test et Sandbox en hibernation ne paient rien pour leurs nœuds.',
      currency:
        'Les prix sont fixés en dollars américains et affichés dans votre devise au taux du jour ; les factures utilisent le taux de leur date. Prix hors TVA.',
    },
    ratesNote: 'Taux utilisé : 1 USD = {{rate}} {{currency}}',
    estimateTitle: 'Estimer un cluster',
    estimateLead:
      'Choisissez un type, un gabarit de nœud et un nombre de nœuds : le prix suit à chaque saisie.',
    estimateType: 'Type de cluster',
    estimateFlavor: 'Gabarit de nœud',
    estimateNodes: 'Nœuds',
    estimateControlPlane: 'Plan de contrôle',
    estimateNodePool: 'Nœuds',
    estimateTotal: 'Total',
    estimateConfigure: 'Configurer ce cluster',
  },
  clusterType: {
    sla: 'SLA de disponibilité de l’API',
    noSla: 'Aucun',
    controlPlane: 'Plan de contrôle',
    modes: {
      shared: 'Partagé, géré',
      dedicated_ha: 'Dédié, hautement disponible',
      dedicated_multi_zone: 'Dédié, multi-zones',
    },
    flavors: 'Gabarits de nœuds disponibles',
    startsAt: 'À partir de',
    configure: 'Configurer un cluster {{name}}',
    compare: 'Comparer tous les types et prix',
    included: 'Inclus',
    useCases: 'Conçu pour',
    flavorsTitle: 'Gabarits de nœuds de ce type',
    flavorSpec: '{{vcpu}} vCPU · {{ram}} Gio de mémoire · {{disk}} Gio de disque',
  },
  docs: {
    lead: 'Tout ce qu’il faut pour commander, exploiter et payer vos clusters, dans l’ordre où vous en aurez besoin.',
    contents: 'Sommaire',
    onThisPage: 'Sur cette page',
    searchLabel: 'Rechercher dans la documentation',
    searchPlaceholder: 'kubeconfig, autoscaling, factures…',
  },
  tutorials: {
    lead: 'Des guides pratiques qui mènent une vraie application de zéro à un cluster Clusterdeck en production.',
    breadcrumb: 'Fil d’Ariane',
    levels: { beginner: 'Débutant', intermediate: 'Intermédiaire', advanced: 'Avancé' },
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
  },
  islands: {
    searchResults_one: '{{count}} section correspond',
    searchResults_other: '{{count}} sections correspondent',
    searchNone: 'Aucune section ne correspond à « {{query}} ».',
  },
}
