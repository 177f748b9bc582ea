export const footer = {
  label: 'Site footer',
  description:
    'Clusterdeck is the platform for deploying, scaling and managing production-ready clusters with enterprise-grade security and monitoring, run from EU data centers.',
  compliance: 'Compliance',
  badges: {
    gdpr: 'GDPR',
    hds: 'HDS',
    cispe: 'CISPE',
    sovereignty: 'Data Sovereignty',
  },
  badgeTitles: {
    gdpr: 'Compliant with the EU General Data Protection Regulation',
    hds: 'Certified health data hosting (Hébergeur de Données de Santé)',
    cispe: 'Follows the CISPE Data Protection Code of Conduct',
    sovereignty: 'Your data stays in the European Union',
  },
  clusterTypes: 'Cluster Types',
  resources: 'Resources',
  company: 'Company',
  links: {
    documentation: 'Documentation',
    tutorials: 'Tutorials',
    dataCenters: 'Data Centers',
    newsletter: 'Newsletter',
    about: 'About Us',
    contact: 'Contact',
    privacyPolicy: 'Privacy Policy',
    terms: 'Terms of Service',
  },
  copyright: '© {{year}} Clusterdeck. All rights reserved.',
  version: 'Version',
  environment: {
    development: 'DEV',
    production: 'PROD',
  },
  environmentTitle: {
    development: 'Development environment',
    production: 'Production environment',
  },
}
