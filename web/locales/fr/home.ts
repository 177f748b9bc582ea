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
    blue: { description: 'Des nœuds équilibrés pour les services web et les API.' },
    red: { description: 'Capacité dédiée, haute disponibilité et support prioritaire.' },
    green: { description: 'Des clusters économiques pour des charges stables et prévisibles.' },
    data: { description: 'Des nœuds riches en stockage pour bases de données et pipelines.' },
    ai: { description: "Des nœuds GPU pour l'entraînement et l'inférence." },
    orange: { description: 'Des clusters éphémères pour le développement et la CI.' },
    sandbox: { description: 'Un bac à sable isolé pour essayer Kubernetes sans risque.' },
  },
  ctaTitle: 'Prêt à migrer vos charges de travail ?',
  ctaLead: 'Nos ingénieurs vous aident à dimensionner le cluster et à migrer sans interruption.',
  contactSales: "Contacter l'équipe commerciale",
  scheduleDemo: 'Planifier une démo',
  dataCentersTitle: 'Où tournent vos clusters',
  dataCentersLead:
    "{{eu}} de nos {{total}} centres de données sont dans l'Union européenne. Choisissez-en un par cluster : vos données restent là où vous les placez.",
  dataCenterGroups: { eu: 'Union européenne', elsewhere: "Hors de l'UE" },
  availability: {
    available: 'Disponible',
    limited: 'Capacité limitée',
    coming_soon: 'Bientôt disponible',
    full: 'Complet',
  },
  complianceTitle: 'Une conformité que vous pouvez présenter à un auditeur',
  compliance: {
    gdpr: {
      name: 'RGPD',
      text: 'Des centres de données dans l’UE, un opérateur européen et un accord de traitement des données avec chaque organisation.',
    },
    hds: {
      name: 'HDS',
      text: 'Des sites certifiés Hébergeur de données de santé en France ; les commandes y sont validées avant le provisionnement.',
    },
    secnumcloud: {
      name: 'SecNumCloud',
      text: 'Des sites qualifiés pour les charges qui exigent le label de sécurité de l’État français.',
    },
    cispe: {
      name: 'CISPE',
      text: 'Nous suivons le code de conduite CISPE pour la protection des données dans l’infrastructure cloud.',
    },
  },
  caseStudiesTitle: 'Ils exploitent Clusterdeck',
  allCaseStudies: 'Lire les études de cas',
  cases: {
    hospital: {
      figure: '100 %',
      figureLabel: 'des charges patients sur des sites certifiés HDS',
      quote:
        'Nous avons migré notre plateforme d’imagerie vers un centre HDS sans modifier un seul manifeste.',
      company: 'Un groupe hospitalier régional, France',
    },
    fintech: {
      figure: '99,99 %',
      figureLabel: 'de disponibilité de l’API sur la dernière année',
      quote: 'Le plan de contrôle Enterprise multi-zones a sorti la bascule de nos astreintes.',
      company: 'Une fintech de paiement, Allemagne',
    },
    ai: {
      figure: '3×',
      figureLabel: 'plus rapide pour l’entraînement sur nœuds H100',
      quote:
        'Les pools GPU descendent à zéro la nuit : nous ne payons l’entraînement que pendant qu’il tourne.',
      company: 'Une start-up d’IA, Pays-Bas',
    },
  },
}
