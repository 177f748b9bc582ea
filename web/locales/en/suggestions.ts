export const suggestions = {
  lead: 'Tell us about your workload: we propose a configuration, explain each choice, and open it in the wizard for you to adjust.',
  compare: 'Compare the cluster types',
  loading: 'Loading the catalog...',
  submit: 'Suggest a configuration',
  fields: {
    services: 'Number of services',
    peakRequestsPerSecond: 'Peak traffic (requests/s)',
    dataVolumeGb: 'Data volume (GB)',
    stateful: 'My services keep state (databases, queues, files)',
    gpu: 'GPU needs',
    compliance: 'Compliance',
    environment: 'Environment',
    monthlyBudget: 'Monthly budget ({{currency}}, optional)',
  },
  hints: {
    peakRequestsPerSecond: 'At your busiest moment, across all services.',
    stateful: 'Stateful data gets its own nodes and backups.',
    monthlyBudget: 'We choose smaller nodes, fewer extras or a cheaper type to stay within it.',
  },
  gpu: { none: 'No GPU', inference: 'Inference', training: 'Training' },
  compliance: {
    gdpr: 'GDPR only',
    hds: 'Health data (HDS)',
    secnumcloud: 'French public sector (SecNumCloud)',
  },
  complianceHints: {
    gdpr: 'Personal data under the GDPR, in the EU.',
    hds: 'Hébergeur de Données de Santé certification.',
    secnumcloud: 'ANSSI qualification for sensitive public data.',
  },
  environments: { production: 'Production', development: 'Development', test: 'Test' },
  result: {
    title: 'Our suggestion',
    lead: 'A starting point: every choice can be changed in the wizard.',
    perMonth: 'per month · about {{hourly}} an hour',
    overBudget: 'No configuration that carries this workload fits the budget. This is the cheapest we found.',
    why: 'Why this configuration',
    open: 'Open in the wizard',
    maintenance: 'Maintenance',
    budget: 'Budget',
  },
  reasons: {
    type: {
      hds: 'Health data (HDS) may only run on {{type}}, the type certified for HDS data centers.',
      secnumcloud:
        'SecNumCloud workloads may only run on {{type}}, the type certified for SecNumCloud data centers.',
      gpu: '{{type}} comes with GPU node pools and the NVIDIA operator ready.',
      nonProduction:
        '{{type}} is priced for development and tests, with a shared control plane and night shutdown.',
      data: '{{type}} has memory-heavy nodes and fast local storage for large data sets.',
      budget: '{{type}} keeps production costs down with a shared control plane.',
      production: '{{type}} gives production a highly available control plane and an SLA.',
    },
    dataCenter: {
      hds: '{{name}} is certified HDS (Hébergeur de Données de Santé) for health data.',
      secnumcloud: '{{name}} is qualified SecNumCloud by ANSSI for the French public sector.',
      gdpr: '{{name}} is in the EU under the GDPR, with room for new clusters.',
    },
    version: {
      default: 'Kubernetes {{version}} is the recommended version, supported until {{endOfLife}}.',
    },
    pool: {
      production:
        '{{nodes}} × {{flavor}} cover about {{vcpu}} vCPU and {{ram}} GiB, with room for peaks and a node lost.',
      nonProduction:
        '{{nodes}} × {{flavor}} cover about {{vcpu}} vCPU and {{ram}} GiB for development and tests.',
      capped:
        'This workload needs more than one pool of {{nodes}} nodes: add pools in the wizard or talk to our architects.',
      autoscaling:
        'Autoscaling between {{min}} and {{max}} nodes absorbs traffic peaks; you pay for the nodes running.',
      data: '{{nodes}} × {{flavor}} hold {{data}} GB of stateful data with three replicas; a taint keeps other workloads off them.',
      gpu: {
        inference:
          '{{nodes}} × {{flavor}} serve inference at the lowest GPU price; a taint keeps CPU work off them.',
        training:
          '{{nodes}} × {{flavor}} ({{gpuMemory}} GB of GPU memory) for training; a taint keeps CPU work off them.',
      },
    },
    networking: {
      cilium: 'Cilium enforces network policies with eBPF at low cost.',
      private: 'A private network keeps nodes off the internet, as production and regulated data want.',
      public: 'A public network is simpler to reach for development and tests.',
    },
    addOn: {
      monitoring: '{{name}}: metrics and alerts tell you when a production service degrades.',
      logging: '{{name}}: regulated data needs its access and audit logs kept and searchable.',
      backup: '{{name}}: stateful data needs backups kept in another region.',
      'cert-manager': '{{name}}: free automatic TLS certificates for every service.',
      gateway: '{{name}}: a managed load balancer and Gateway API routes carry the incoming traffic.',
      'service-mesh': '{{name}}: with many services, mutual TLS and traffic management come from the mesh.',
      policy: '{{name}}: admission policies enforce the security baseline regulated hosting requires.',
      'gpu-operator': '{{name}}: installs GPU drivers and exposes GPUs to pods.',
    },
    maintenance: {
      production: 'Patch upgrades run on Sunday at 02:00 UTC, when traffic is lowest.',
      other: 'Patch upgrades run automatically; nobody depends on this cluster at night.',
    },
    budget: {
      fits: 'The recommended configuration ({{totalCents}} a month) fits your budget of {{budgetCents}}.',
      trimmed:
        'Smaller nodes, fewer extras or a cheaper type bring it to {{totalCents}} a month, within your {{budgetCents}}.',
      exceeded:
        'At {{totalCents}} a month this is over your {{budgetCents}}: it is the cheapest configuration that still carries the workload.',
    },
  },
}
