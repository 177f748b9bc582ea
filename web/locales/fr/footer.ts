import type { footer as english } from '../en/footer.ts'

export const footer: typeof english = {
  label: 'Pied de page',
  description:
    "Clusterdeck est la plateforme pour déployer, faire évoluer et gérer des clusters prêts pour la production, avec une sécurité et une supervision de niveau entreprise, depuis des centres de données de l'UE.",
  compliance: 'Conformité',
  badges: {
    gdpr: 'RGPD',
    hds: 'HDS',
    cispe: 'CISPE',
    sovereignty: 'Souveraineté des données',
  },
  badgeTitles: {
    gdpr: 'Conforme au Règlement général sur la protection des données',
    hds: 'Hébergeur de Données de Santé certifié',
    cispe: 'Respecte le code de conduite CISPE sur la protection des données',
    sovereignty: "Vos données restent dans l'Union européenne",
  },
  clusterTypes: 'Types de clusters',
  resources: 'Ressources',
  company: 'Entreprise',
  links: {
    documentation: 'Documentation',
    tutorials: 'Tutoriels',
    dataCenters: 'Centres de données',
    newsletter: 'Newsletter',
    about: 'À propos',
    contact: 'Contact',
    privacyPolicy: 'Politique de confidentialité',
    terms: "Conditions d'utilisation",
  },
  copyright: '© {{year}} Clusterdeck. Tous droits réservés.',
  version: 'Version',
  environment: {
    development: 'DEV',
    production: 'PROD',
  },
  environmentTitle: {
    development: 'Environnement de développement',
    production: 'Environnement de production',
  },
}
