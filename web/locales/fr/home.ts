import type { home as english } from '../en/home.ts'

export const home: typeof english = {
  eyebrow: "Kubernetes hébergé et opéré dans l'UE",
  lead: 'Commandez un cluster prêt pour la production en quelques minutes. Nous gérons le plan de contrôle, les mises à jour, les sauvegardes et la supervision dans des centres de données européens certifiés : votre équipe livre du logiciel au lieu de surveiller des nœuds.',
  getStarted: 'Commencer',
  openDashboard: 'Ouvrir votre tableau de bord',
  viewPricing: 'Voir les tarifs',
  highlights: {
    label: 'Pourquoi Clusterdeck',
    sovereignty: "Données hébergées dans l'UE",
    compliance: 'Conforme RGPD, HDS et CISPE',
    monitoring: 'Supervision et alertes intégrées',
  },
  typesTitle: 'Un type de cluster pour chaque charge de travail',
  typesLead:
    'Commencez petit avec une sandbox, passez à une capacité dédiée ou choisissez du matériel adapté aux données et à l’IA.',
  learnMore: 'En savoir plus sur les clusters {{name}}',
  types: {
    blue: { name: 'Standard', description: 'Des nœuds équilibrés pour les services web et les API.' },
    red: { name: 'Entreprise', description: 'Capacité dédiée, haute disponibilité et support prioritaire.' },
    green: {
      name: 'Économie',
      description: 'Des clusters économiques pour des charges stables et prévisibles.',
    },
    data: {
      name: 'Analyse de données',
      description: 'Des nœuds riches en stockage pour bases de données et pipelines.',
    },
    ai: { name: 'IA/ML', description: "Des nœuds GPU pour l'entraînement et l'inférence." },
    orange: { name: 'Dev/Test', description: 'Des clusters éphémères pour le développement et la CI.' },
    sandbox: { name: 'Sandbox', description: 'Un bac à sable isolé pour essayer Kubernetes sans risque.' },
  },
  ctaTitle: 'Prêt à migrer vos charges de travail ?',
  ctaLead: 'Nos ingénieurs vous aident à dimensionner le cluster et à migrer sans interruption.',
  contactSales: "Contacter l'équipe commerciale",
  scheduleDemo: 'Planifier une démo',
}
