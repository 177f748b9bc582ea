export const home = {
  eyebrow: 'Kubernetes, hosted and operated in the EU',
  lead: 'Order a production-ready cluster in minutes. We run the control plane, upgrades, backups and monitoring in certified European data centers, so your team ships software instead of babysitting nodes.',
  getStarted: 'Get started',
  openDashboard: 'Open your dashboard',
  viewPricing: 'View pricing',
  highlights: {
    label: 'Why Clusterdeck',
    sovereignty: 'Data stays in EU data centers',
    compliance: 'GDPR, HDS and CISPE compliant',
    monitoring: 'Monitoring and alerts built in',
  },
  typesTitle: 'A cluster type for every workload',
  typesLead:
    'Start small with a sandbox, grow into dedicated capacity, or pick hardware tuned for data and AI.',
  learnMore: 'About {{name}} clusters',
  types: {
    blue: { description: 'Balanced nodes for web services and APIs.' },
    red: { description: 'Dedicated capacity, high availability and priority support.' },
    green: { description: 'Cost-efficient clusters for steady, predictable loads.' },
    data: { description: 'Storage-heavy nodes for databases and pipelines.' },
    ai: { description: 'GPU nodes for training and inference.' },
    orange: { description: 'Short-lived clusters for development and CI.' },
    sandbox: { description: 'A free-standing playground to try Kubernetes safely.' },
  },
  ctaTitle: 'Ready to move your workloads?',
  ctaLead: 'Our engineers help you size the cluster and migrate without downtime.',
  contactSales: 'Contact sales',
  scheduleDemo: 'Schedule a demo',
  dataCentersTitle: 'Where your clusters run',
  dataCentersLead:
    '{{eu}} of our {{total}} data centers are in the European Union. Pick one per cluster; your data stays where you put it.',
  dataCenterGroups: { eu: 'European Union', elsewhere: 'Outside the EU' },
  availability: {
    available: 'Available',
    limited: 'Limited capacity',
    coming_soon: 'Coming soon',
    full: 'Full',
  },
  complianceTitle: 'Compliance you can show an auditor',
  compliance: {
    gdpr: {
      name: 'GDPR',
      text: 'EU data centers, an EU operator and a data processing agreement with every organization.',
    },
    hds: {
      name: 'HDS',
      text: 'Health data hosting certified sites in France; orders there are reviewed before provisioning.',
    },
    secnumcloud: {
      name: 'SecNumCloud',
      text: 'Qualified sites for workloads that need the French state security label.',
    },
    cispe: {
      name: 'CISPE',
      text: 'We follow the CISPE code of conduct for data protection in cloud infrastructure.',
    },
  },
  caseStudiesTitle: 'Teams that run on Clusterdeck',
  allCaseStudies: 'Read the case studies',
  cases: {
    hospital: {
      figure: '100%',
      figureLabel: 'of patient workloads on HDS-certified sites',
      quote: 'We moved our imaging platform to an HDS data center without changing a single manifest.',
      company: 'A regional hospital group, France',
    },
    fintech: {
      figure: '99.99%',
      figureLabel: 'API availability over the last year',
      quote: 'The multi-zone Enterprise control plane took failover off our on-call rota.',
      company: 'A payments fintech, Germany',
    },
    ai: {
      figure: '3×',
      figureLabel: 'faster model training on H100 nodes',
      quote: 'GPU node pools scale to zero at night, so we pay for training only while it runs.',
      company: 'An AI start-up, the Netherlands',
    },
  },
}
