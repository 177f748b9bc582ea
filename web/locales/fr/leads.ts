import type { leads as english } from '../en/leads.ts'

/** Les formulaires de contact du site public : ventes, devis, démonstration, migration, contact, newsletter. */
export const leads: typeof english = {
  optional: 'facultatif',
  choose: 'Choisir…',
  nextSteps: 'La suite',
  privacy:
    'Nous utilisons ces informations uniquement pour vous répondre. Consultez notre <privacy>politique de confidentialité</privacy>.',
  sending: 'Envoi en cours...',
  sendAnother: 'Envoyer une autre demande',
  retry: 'Réessayer',

  fields: {
    name: 'Nom complet',
    email: 'E-mail professionnel',
    company: 'Entreprise',
    phone: 'Téléphone',
    companySize: "Taille de l'entreprise",
    clusterType: 'Type de cluster',
    nodeCount: 'Nombre de nœuds',
    currentPlatform: "Où tournent vos charges de travail aujourd'hui",
    workloadCount: 'Nombre de charges de travail',
    topic: 'Sujet',
    message: 'Message',
  },

  hints: {
    phone: 'Avec l’indicatif du pays, par exemple +33 1 23 45 67 89.',
  },

  options: {
    companySize: {
      '1-10': '1 à 10 personnes',
      '11-50': '11 à 50 personnes',
      '51-250': '51 à 250 personnes',
      '251-1000': '251 à 1 000 personnes',
      '1000+': 'Plus de 1 000 personnes',
    },
    /** The cluster types are named by `common.clusterTypes`; only the lead form's own choice is here. */
    clusterType: {
      not_sure: 'Je ne sais pas encore',
    },
    nodeCount: {
      '1-5': '1 à 5 nœuds',
      '6-20': '6 à 20 nœuds',
      '21-50': '21 à 50 nœuds',
      '51-200': '51 à 200 nœuds',
      '200+': 'Plus de 200 nœuds',
    },
    currentPlatform: {
      aws_eks: 'Amazon EKS',
      azure_aks: 'Azure AKS',
      google_gke: 'Google GKE',
      openshift: 'Red Hat OpenShift',
      self_managed_kubernetes: 'Kubernetes géré en interne',
      virtual_machines: 'Machines virtuelles, sans Kubernetes pour l’instant',
      other: 'Autre chose',
    },
    workloadCount: {
      '1-10': '1 à 10',
      '11-50': '11 à 50',
      '51-200': '51 à 200',
      '200+': 'Plus de 200',
    },
    topic: {
      general: 'Une question générale',
      partnership: 'Partenariats',
      press: 'Presse et médias',
      careers: 'Recrutement',
      other: 'Autre chose',
    },
  },

  errors: {
    rateLimited:
      'Vous avez envoyé ce formulaire plusieurs fois en peu de temps. Veuillez réessayer dans quelques minutes.',
    failed: 'Votre demande n’a pas pu être envoyée. Veuillez réessayer dans un instant.',
  },

  contactSales: {
    eyebrow: 'Ventes',
    title: 'Parlez à notre équipe commerciale',
    lead: 'Présentez-nous votre projet. Un membre de notre équipe commerciale vous répond sous un jour ouvré, par e-mail ou par téléphone si vous laissez un numéro.',
    step1:
      'Nous lisons votre message et vous mettons en relation avec un commercial qui connaît votre secteur.',
    step2: 'Il vous répond sous un jour ouvré pour convenir d’un appel.',
    step3: 'Ensemble, vous dimensionnez vos clusters, vos besoins de conformité et votre offre de support.',
    message: 'Comment pouvons-nous vous aider ?',
    submit: 'Contacter les ventes',
    doneTitle: 'Merci, votre demande est bien partie',
    doneText:
      'Un membre de notre équipe commerciale vous répondra sous un jour ouvré. Une copie de votre demande vous attend dans votre boîte de réception.',
  },

  customQuote: {
    eyebrow: 'Devis sur mesure',
    title: 'Obtenez un devis adapté à votre projet',
    lead: 'Décrivez votre besoin. Nos ingénieurs avant-vente vous envoient un devis détaillé sous deux jours ouvrés.',
    step1: 'Un ingénieur avant-vente étudie votre projet et le type de cluster qui lui convient.',
    step2: 'Sous deux jours ouvrés, vous recevez un devis détaillé par e-mail.',
    step3: 'S’il manque un détail, il vous contacte avant de l’envoyer.',
    message: 'Décrivez votre projet',
    submit: 'Demander un devis',
    doneTitle: 'Merci, nous préparons votre devis',
    doneText:
      'Vous recevrez un devis sur mesure sous deux jours ouvrés. Une copie de votre demande vous attend dans votre boîte de réception.',
  },

  scheduleDemo: {
    eyebrow: 'Démonstration',
    title: 'Réservez une démonstration en direct',
    lead: 'Choisissez un créneau de 30 minutes qui vous convient. Vous recevez une confirmation immédiatement, puis le lien de la visioconférence la veille.',
    step1: 'Choisissez un jour et une heure (heure de Paris) dans les deux prochaines semaines.',
    step2: 'Vous recevez immédiatement une confirmation par e-mail.',
    step3: 'Un spécialiste produit vous présente Clusterdeck et répond à vos questions.',
    slotLegend: 'Jour et heure de la démonstration',
    day: 'Jour',
    time: 'Heure ({{timeZone}})',
    loadingSlots: 'Chargement des créneaux libres...',
    slotsFailed: 'Les créneaux libres n’ont pas pu être chargés.',
    noSlots:
      'Tous les créneaux des deux prochaines semaines sont réservés. Contactez plutôt notre équipe commerciale.',
    message: 'Souhaitez-vous que nous préparions quelque chose ?',
    submit: 'Réserver la démonstration',
    doneTitle: 'Votre démonstration est réservée',
    doneText:
      'Rendez-vous le {{when}} (heure de Paris). Une confirmation vous attend dans votre boîte de réception, et le lien de la visioconférence suivra la veille.',
  },

  workloadMigration: {
    eyebrow: 'Migration',
    title: 'Migrez vos charges de travail vers Clusterdeck',
    lead: 'Dites-nous où tournent vos charges de travail aujourd’hui. Un architecte spécialiste de la migration vous contacte sous deux jours ouvrés pour planifier une étude.',
    step1:
      'Un architecte spécialiste de la migration examine votre plateforme actuelle et vos charges de travail.',
    step2: 'Sous deux jours ouvrés, il vous contacte pour planifier une étude.',
    step3: 'Vous recevez un plan de migration avec son calendrier et ses coûts.',
    message: 'Parlez-nous de vos charges de travail',
    submit: 'Demander une étude de migration',
    doneTitle: 'Merci, un architecte migration va vous contacter',
    doneText:
      'Un architecte spécialiste de la migration vous contactera sous deux jours ouvrés. Une copie de votre demande vous attend dans votre boîte de réception.',
  },

  contact: {
    eyebrow: 'Contact',
    title: 'Contactez-nous',
    lead: 'Questions, partenariats, presse : écrivez-nous, nous vous répondons sous deux jours ouvrés.',
    step1: 'Votre message parvient à l’équipe qui traite son sujet.',
    step2: 'Nous vous répondons par e-mail sous deux jours ouvrés.',
    step3:
      'Les clients disposant d’une offre de support obtiennent des réponses plus rapides depuis les pages de support.',
    submit: 'Envoyer le message',
    doneTitle: 'Merci, votre message est bien parti',
    doneText:
      'Nous vous répondrons sous deux jours ouvrés. Une copie de votre message vous attend dans votre boîte de réception.',
  },

  newsletter: {
    eyebrow: 'Newsletter',
    title: 'Recevez la newsletter Clusterdeck',
    lead: 'Nouveautés produit, tutoriels et événements, environ une fois par mois. Nous vous envoyons d’abord un lien pour confirmer votre adresse : votre inscription n’est effective qu’une fois ce lien ouvert.',
    submit: 'S’inscrire',
    email: 'E-mail',
    doneTitle: 'Consultez votre boîte de réception',
    doneText:
      'Nous avons envoyé un lien de confirmation à {{email}}. Ouvrez-le dans les 7 jours pour confirmer votre inscription.',
    confirmingTitle: 'Confirmation de votre inscription...',
    confirmedTitle: 'Votre inscription est confirmée',
    confirmedText: 'Bienvenue ! Le prochain numéro de la newsletter vous parviendra par e-mail.',
    alreadyTitle: 'Votre inscription était déjà confirmée',
    alreadyText: 'Vous n’avez rien d’autre à faire : la newsletter continuera de vous parvenir.',
    invalidTitle: 'Ce lien ne peut pas être utilisé',
    invalidText: 'Le lien est invalide ou a expiré. Inscrivez-vous à nouveau pour en recevoir un nouveau.',
    failedTitle: 'Votre inscription n’a pas pu être confirmée',
    subscribeAgain: 'S’inscrire à nouveau',
    backHome: 'Retour à l’accueil',
  },
}
