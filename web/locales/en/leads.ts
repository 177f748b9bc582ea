/** The lead forms of the public site: contact sales, quote, demo, migration, contact, newsletter. */
export const leads = {
  optional: 'optional',
  choose: 'Choose…',
  nextSteps: 'What happens next',
  privacy: 'We use these details only to answer you. Read our <privacy>privacy policy</privacy>.',
  sending: 'Sending...',
  sendAnother: 'Send another request',
  retry: 'Try again',

  fields: {
    name: 'Full name',
    email: 'Work email',
    company: 'Company',
    phone: 'Phone',
    companySize: 'Company size',
    clusterType: 'Cluster type',
    nodeCount: 'Number of nodes',
    currentPlatform: 'Where your workloads run today',
    workloadCount: 'Number of workloads',
    topic: 'Topic',
    message: 'Message',
  },

  hints: {
    phone: 'With the country code, for example +33 1 23 45 67 89.',
  },

  options: {
    companySize: {
      '1-10': '1 to 10 people',
      '11-50': '11 to 50 people',
      '51-250': '51 to 250 people',
      '251-1000': '251 to 1,000 people',
      '1000+': 'More than 1,000 people',
    },
    /** The cluster types are named by `common.clusterTypes`; only the lead form's own choice is here. */
    clusterType: {
      not_sure: 'Not sure yet',
    },
    nodeCount: {
      '1-5': '1 to 5 nodes',
      '6-20': '6 to 20 nodes',
      '21-50': '21 to 50 nodes',
      '51-200': '51 to 200 nodes',
      '200+': 'More than 200 nodes',
    },
    currentPlatform: {
      aws_eks: 'Amazon EKS',
      azure_aks: 'Azure AKS',
      google_gke: 'Google GKE',
      openshift: 'Red Hat OpenShift',
      self_managed_kubernetes: 'Self-managed Kubernetes',
      virtual_machines: 'Virtual machines, no Kubernetes yet',
      other: 'Something else',
    },
    workloadCount: {
      '1-10': '1 to 10',
      '11-50': '11 to 50',
      '51-200': '51 to 200',
      '200+': 'More than 200',
    },
    topic: {
      general: 'A general question',
      partnership: 'Partnerships',
      press: 'Press and media',
      careers: 'Careers',
      other: 'Something else',
    },
  },

  errors: {
    rateLimited: 'You have sent this form several times in a short while. Please try again in a few minutes.',
    failed: 'Your request could not be sent. Please try again in a moment.',
  },

  contactSales: {
    eyebrow: 'Sales',
    title: 'Talk to our sales team',
    lead: 'Tell us about your project. A member of our sales team replies within one business day, by email or by phone if you leave a number.',
    step1: 'We read your message and match you with an account executive who knows your industry.',
    step2: 'They reply within one business day to arrange a call.',
    step3: 'Together you size your clusters, compliance needs and support plan.',
    message: 'How can we help?',
    submit: 'Contact sales',
    doneTitle: 'Thank you, your request is on its way',
    doneText:
      'A member of our sales team will reply within one business day. A copy of your request is in your inbox.',
  },

  customQuote: {
    eyebrow: 'Custom quote',
    title: 'Get a quote tailored to your project',
    lead: 'Describe what you need. Our solution engineers send you a detailed quote within two business days.',
    step1: 'A solution engineer studies your project and the cluster type that fits it.',
    step2: 'Within two business days you receive a detailed quote by email.',
    step3: 'If a detail is missing, they contact you before sending it.',
    message: 'Describe your project',
    submit: 'Request a quote',
    doneTitle: 'Thank you, we are preparing your quote',
    doneText:
      'You will receive a tailored quote within two business days. A copy of your request is in your inbox.',
  },

  scheduleDemo: {
    eyebrow: 'Demo',
    title: 'Schedule a live demo',
    lead: 'Pick a 30-minute slot that suits you. You receive a confirmation at once, and the video call link the day before.',
    step1: 'Choose a day and a time (Paris time) in the next two weeks.',
    step2: 'You receive a confirmation by email at once.',
    step3: 'A product specialist shows you Clusterdeck and answers your questions.',
    slotLegend: 'Day and time of the demo',
    day: 'Day',
    time: 'Time ({{timeZone}})',
    loadingSlots: 'Loading the free times...',
    slotsFailed: 'The free times could not be loaded.',
    noSlots: 'Every time of the next two weeks is booked. Please contact sales instead.',
    message: 'Anything we should prepare?',
    submit: 'Book the demo',
    doneTitle: 'Your demo is booked',
    doneText:
      'See you on {{when}} (Paris time). A confirmation is in your inbox, and the video call link follows the day before.',
  },

  workloadMigration: {
    eyebrow: 'Migration',
    title: 'Move your workloads to Clusterdeck',
    lead: 'Tell us where your workloads run today. A migration architect contacts you within two business days to plan an assessment.',
    step1: 'A migration architect reviews your current platform and workloads.',
    step2: 'Within two business days they contact you to plan an assessment.',
    step3: 'You receive a migration plan with timings and costs.',
    message: 'Tell us about your workloads',
    submit: 'Request a migration assessment',
    doneTitle: 'Thank you, a migration architect will be in touch',
    doneText:
      'A migration architect will contact you within two business days. A copy of your request is in your inbox.',
  },

  contact: {
    eyebrow: 'Contact',
    title: 'Contact us',
    lead: 'Questions, partnerships, press: write to us and we answer within two business days.',
    step1: 'Your message reaches the team that handles its topic.',
    step2: 'We answer you by email within two business days.',
    step3: 'Customers with a support plan get faster answers from the support pages.',
    submit: 'Send the message',
    doneTitle: 'Thank you, your message is on its way',
    doneText: 'We will answer within two business days. A copy of your message is in your inbox.',
  },

  newsletter: {
    eyebrow: 'Newsletter',
    title: 'Get the Clusterdeck newsletter',
    lead: 'Product news, tutorials and events, about once a month. We first send you a link to confirm your address: you are subscribed only once you open it.',
    submit: 'Subscribe',
    email: 'Email',
    doneTitle: 'Check your inbox',
    doneText: 'We sent a confirmation link to {{email}}. Open it within 7 days to confirm your subscription.',
    confirmingTitle: 'Confirming your subscription...',
    confirmedTitle: 'Your subscription is confirmed',
    confirmedText: 'Welcome aboard! The next issue of the newsletter will reach you by email.',
    alreadyTitle: 'Your subscription was already confirmed',
    alreadyText: 'There is nothing more to do: the newsletter will keep reaching you.',
    invalidTitle: 'This link cannot be used',
    invalidText: 'The link is invalid or has expired. Subscribe again to get a new one.',
    failedTitle: 'Your subscription could not be confirmed',
    subscribeAgain: 'Subscribe again',
    backHome: 'Back to the home page',
  },
}
