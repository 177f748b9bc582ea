/** The static marketing pages (web/site): descriptions for search engines, pricing, types, docs. */
export const marketing = {
  descriptions: {
    home: 'Managed Kubernetes clusters from EU data centers: order in minutes, watch them provision live and run them with GDPR, HDS and CISPE compliance.',
    pricing:
      'Prices of every Clusterdeck cluster type, node flavor, add-on and support plan in USD, EUR or GBP, monthly or yearly, with an instant estimate.',
    documentation:
      'The Clusterdeck user guide: ordering clusters, node pools and autoscaling, kubeconfig, add-ons, middleware, billing, the API and security.',
    tutorials:
      'Step-by-step Kubernetes tutorials on Clusterdeck: ingress and TLS, autoscaling, backups, GPU workloads, migrations and CI/CD.',
    clusterType:
      '{{name}} clusters on Clusterdeck: SLA, control plane, included features, node flavors and prices, hosted in EU data centers.',
  },
  clusterTypeTitle: '{{name}} clusters',
  pricing: {
    lead: 'A cluster costs its type’s control plane plus its nodes, billed by the hour of use. Pay monthly, or yearly for ten months of the price.',
    typesTitle: 'Cluster types',
    noSla: 'No SLA',
    sla: '{{percent}} API availability SLA',
    free: 'Free',
    perMonth: '/ month',
    perYear: '/ year',
    perHour: '/ hour',
    startingPrice:
      'From: the control plane and one node of the smallest flavor; more nodes are priced per flavor.',
    yearlySaving: 'Save {{percent}}% with yearly billing',
    typeDetails: 'About {{name}} clusters',
    flavorsTitle: 'Node flavors',
    flavorsLead:
      'Each node pool uses one flavor. A node costs its hourly price for every hour it runs; a month counts 730 hours.',
    columns: {
      flavor: 'Flavor',
      vcpu: 'vCPU',
      ram: 'Memory',
      gpu: 'GPU',
      disk: 'Disk',
      hourly: 'Per hour',
      monthly: 'Per month',
      yearly: 'Per year',
    },
    families: {
      development: 'Development',
      general_purpose: 'General purpose',
      compute: 'Compute optimised',
      memory: 'Memory optimised',
      gpu: 'GPU',
    },
    addOnsTitle: 'Add-ons',
    included: 'Included',
    supportTitle: 'Support plans',
    coverage: { business_hours: 'Business hours', '24x7': '24/7' },
    response: 'critical response within {{duration}}',
    notesTitle: 'How billing works',
    notes: {
      yearly:
        'Yearly billing charges ten months for twelve: the saving shown is against twelve monthly payments.',
      promo: 'New organizations get {{percent}}% off their first paid order with the code {{code}}.',
      hours:
        'Nodes are billed per hour they run; hibernated Dev/Test and Sandbox clusters pay nothing for their nodes.',
      currency:
        'Prices are set in US dollars and shown in your currency at today’s rate; invoices use the rate of their date. Prices exclude VAT.',
    },
    ratesNote: 'Rate used: 1 USD = {{rate}} {{currency}}',
    estimateTitle: 'Estimate a cluster',
    estimateLead: 'Pick a type, a node flavor and a node count: the price follows as you type.',
    estimateType: 'Cluster type',
    estimateFlavor: 'Node flavor',
    estimateNodes: 'Nodes',
    estimateControlPlane: 'Control plane',
    estimateNodePool: 'Nodes',
    estimateTotal: 'Total',
    estimateConfigure: 'Configure this cluster',
  },
  clusterType: {
    sla: 'API availability SLA',
    noSla: 'None',
    controlPlane: 'Control plane',
    modes: {
      shared: 'Shared, managed',
      dedicated_ha: 'Dedicated, highly available',
      dedicated_multi_zone: 'Dedicated, multi-zone',
    },
    flavors: 'Node flavors available',
    startsAt: 'Starts at',
    configure: 'Configure a {{name}} cluster',
    compare: 'Compare all types and prices',
    included: 'Included',
    useCases: 'Made for',
    flavorsTitle: 'Node flavors for this type',
    flavorSpec: '{{vcpu}} vCPU · {{ram}} GiB memory · {{disk}} GiB disk',
  },
  docs: {
    lead: 'Everything you need to order, run and pay for your clusters, in the order you will need it.',
    contents: 'Contents',
    onThisPage: 'On this page',
    searchLabel: 'Search the documentation',
    searchPlaceholder: 'kubeconfig, autoscaling, invoices…',
  },
  tutorials: {
    lead: 'Hands-on guides that take a real workload from nothing to running on a Clusterdeck cluster.',
    breadcrumb: 'Breadcrumb',
    levels: { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' },
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
  },
  islands: {
    searchResults_one: '{{count}} section matches',
    searchResults_other: '{{count}} sections match',
    searchNone: 'No section matches “{{query}}”.',
  },
}
