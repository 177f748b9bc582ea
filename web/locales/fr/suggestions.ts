import type { suggestions as en } from '../en/suggestions.ts'

export const suggestions: typeof en = {
  lead: 'Décrivez votre charge : nous proposons une configuration, expliquons chaque choix et l’ouvrons dans l’assistant pour que vous l’ajustiez.',
  compare: 'Comparer les types de cluster',
  loading: 'Chargement du catalogue...',
  submit: 'Suggérer une configuration',
  fields: {
    services: 'Nombre de services',
    peakRequestsPerSecond: 'Trafic de pointe (requêtes/s)',
    dataVolumeGb: 'Volume de données (Go)',
    stateful: 'Mes services conservent un état (bases de données, files, fichiers)',
    gpu: 'Besoins en GPU',
    compliance: 'Conformité',
    environment: 'Environnement',
    monthlyBudget: 'Budget mensuel ({{currency}}, facultatif)',
  },
  hints: {
    peakRequestsPerSecond: 'Au moment le plus chargé, tous services confondus.',
    stateful: 'Les données avec état ont leurs propres nœuds et des sauvegardes.',
    monthlyBudget:
      'Nous choisissons des nœuds plus petits, moins d’options ou un type moins cher pour le respecter.',
  },
  gpu: { none: 'Pas de GPU', inference: 'Inférence', training: 'Entraînement' },
  compliance: {
    gdpr: 'RGPD uniquement',
    hds: 'Données de santé (HDS)',
    secnumcloud: 'Secteur public français (SecNumCloud)',
  },
  complianceHints: {
    gdpr: 'Données personnelles soumises au RGPD, dans l’UE.',
    hds: 'Certification Hébergeur de Données de Santé.',
    secnumcloud: 'Qualification ANSSI pour les données publiques sensibles.',
  },
  environments: { production: 'Production', development: 'Développement', test: 'Test' },
  result: {
    title: 'Notre suggestion',
    lead: 'Un point de départ : chaque choix se modifie dans l’assistant.',
    perMonth: 'par mois · environ {{hourly}} de l’heure',
    overBudget:
      'Aucune configuration capable de porter cette charge ne tient dans le budget. Voici la moins chère que nous ayons trouvée.',
    why: 'Pourquoi cette configuration',
    open: 'Ouvrir dans l’assistant',
    maintenance: 'Maintenance',
    budget: 'Budget',
  },
  reasons: {
    type: {
      hds: 'Les données de santé (HDS) ne peuvent tourner que sur {{type}}, le type certifié pour les centres HDS.',
      secnumcloud:
        'Les charges SecNumCloud ne peuvent tourner que sur {{type}}, le type certifié pour les centres SecNumCloud.',
      gpu: '{{type}} fournit des pools GPU et l’opérateur NVIDIA prêts à l’emploi.',
      nonProduction:
        '{{type}} est tarifé pour le développement et les tests, avec un plan de contrôle partagé et un arrêt la nuit.',
      data: '{{type}} offre des nœuds riches en mémoire et un stockage local rapide pour les gros volumes.',
      budget: '{{type}} réduit le coût de la production grâce à un plan de contrôle partagé.',
      production: '{{type}} donne à la production un plan de contrôle hautement disponible et un SLA.',
    },
    dataCenter: {
      hds: '{{name}} est certifié HDS (Hébergeur de Données de Santé) pour les données de santé.',
      secnumcloud: '{{name}} est qualifié SecNumCloud par l’ANSSI pour le secteur public français.',
      gdpr: '{{name}} est dans l’UE, soumis au RGPD, et accepte de nouveaux clusters.',
    },
    version: {
      default: 'Kubernetes {{version}} est la version recommandée, prise en charge jusqu’au {{endOfLife}}.',
    },
    pool: {
      production:
        '{{nodes}} × {{flavor}} couvrent environ {{vcpu}} vCPU et {{ram}} Gio, avec de la marge pour les pics et la perte d’un nœud.',
      nonProduction:
        '{{nodes}} × {{flavor}} couvrent environ {{vcpu}} vCPU et {{ram}} Gio pour le développement et les tests.',
      capped:
        'Cette charge dépasse un pool de {{nodes}} nœuds : ajoutez des pools dans l’assistant ou parlez-en à nos architectes.',
      autoscaling:
        'La mise à l’échelle entre {{min}} et {{max}} nœuds absorbe les pics ; vous payez les nœuds en marche.',
      data: '{{nodes}} × {{flavor}} portent {{data}} Go de données avec état sur trois réplicas ; une taint en écarte les autres charges.',
      gpu: {
        inference:
          '{{nodes}} × {{flavor}} servent l’inférence au prix GPU le plus bas ; une taint en écarte les charges CPU.',
        training:
          '{{nodes}} × {{flavor}} ({{gpuMemory}} Go de mémoire GPU) pour l’entraînement ; une taint en écarte les charges CPU.',
      },
    },
    networking: {
      cilium: 'Cilium applique les politiques réseau en eBPF, à faible coût.',
      private:
        'Un réseau privé tient les nœuds à l’écart d’Internet, comme l’exigent la production et les données réglementées.',
      public: 'Un réseau public est plus simple d’accès pour le développement et les tests.',
    },
    addOn: {
      monitoring: '{{name}} : métriques et alertes signalent la dégradation d’un service en production.',
      logging:
        '{{name}} : les données réglementées exigent des journaux d’accès et d’audit conservés et consultables.',
      backup: '{{name}} : les données avec état ont besoin de sauvegardes dans une autre région.',
      'cert-manager': '{{name}} : des certificats TLS automatiques et gratuits pour chaque service.',
      gateway:
        '{{name}} : un équilibreur de charge géré et les routes Gateway API reçoivent le trafic entrant.',
      'service-mesh':
        '{{name}} : avec de nombreux services, le maillage apporte TLS mutuel et gestion du trafic.',
      policy:
        '{{name}} : les politiques d’admission imposent la base de sécurité requise par l’hébergement réglementé.',
      'gpu-operator': '{{name}} : installe les pilotes GPU et expose les GPU aux pods.',
    },
    maintenance: {
      production: 'Les correctifs s’appliquent le dimanche à 02:00 UTC, au plus bas du trafic.',
      other: 'Les correctifs s’appliquent automatiquement ; personne ne dépend de ce cluster la nuit.',
    },
    budget: {
      fits: 'La configuration recommandée ({{totalCents}} par mois) tient dans votre budget de {{budgetCents}}.',
      trimmed:
        'Des nœuds plus petits, moins d’options ou un type moins cher la ramènent à {{totalCents}} par mois, dans votre budget de {{budgetCents}}.',
      exceeded:
        'À {{totalCents}} par mois, elle dépasse votre budget de {{budgetCents}} : c’est la configuration la moins chère qui porte encore la charge.',
    },
  },
}
