import type { Language } from '#common/language.ts'
import type { LeadKind } from '#common/schemas/leads.ts'
import type { Lead } from '#server/db/schema/index.ts'
import { DEMO_TIME_ZONE } from '#server/modules/leads/index.ts'
import { languageEntries, type MailSecret, mailTemplate } from './template.ts'

/*
 * The mails of the lead forms. The person gets theirs in the language they used on the site; the
 * sales inbox gets every detail in English. Anyone can type any address into a form, so the
 * person's copy carries none of the text typed with it (a stranger's words must never reach an
 * inbox under our name): only a name that reads as a name greets them.
 */

/** What the person is told will happen next, by form; `{when}` is the demo's date and time. */
const CONFIRMATIONS: Record<LeadKind, Record<Language, { subject: string; nextStep: string }>> = {
  contact_sales: {
    en: {
      subject: 'Thanks for contacting Clusterdeck sales',
      nextStep: 'A member of our sales team will reply within one business day.',
    },
    fr: {
      subject: "Merci d'avoir contacté l'équipe commerciale de Clusterdeck",
      nextStep: 'Un membre de notre équipe commerciale vous répondra sous un jour ouvré.',
    },
  },
  custom_quote: {
    en: {
      subject: 'We are preparing your Clusterdeck quote',
      nextStep:
        'Our solution engineers will send you a tailored quote within two business days. They will get in touch if a detail is missing.',
    },
    fr: {
      subject: 'Nous préparons votre devis Clusterdeck',
      nextStep:
        "Nos ingénieurs avant-vente vous enverront un devis sur mesure sous deux jours ouvrés. Ils vous contacteront s'il manque un détail.",
    },
  },
  schedule_demo: {
    en: {
      subject: 'Your Clusterdeck demo is booked',
      nextStep:
        'Your demo is booked for {when} (Paris time). We will send you the video call link the day before.',
    },
    fr: {
      subject: 'Votre démonstration Clusterdeck est réservée',
      nextStep:
        'Votre démonstration est réservée pour le {when} (heure de Paris). Nous vous enverrons le lien de la visioconférence la veille.',
    },
  },
  workload_migration: {
    en: {
      subject: 'Your workload migration request',
      nextStep:
        'A migration architect will contact you within two business days to plan an assessment of your workloads.',
    },
    fr: {
      subject: 'Votre demande de migration de charges de travail',
      nextStep:
        "Un architecte spécialiste de la migration vous contactera sous deux jours ouvrés pour planifier l'étude de vos charges de travail.",
    },
  },
  contact: {
    en: {
      subject: 'We received your message',
      nextStep: 'We will get back to you within two business days.',
    },
    fr: {
      subject: 'Nous avons bien reçu votre message',
      nextStep: 'Nous vous répondrons sous deux jours ouvrés.',
    },
  },
}

const RECEIVED: Record<Language, { received: string; notYou: string }> = {
  en: {
    received: 'Thank you, we received your request.',
    notYou: 'If you did not send this request, you can ignore this mail.',
  },
  fr: {
    received: 'Merci, nous avons bien reçu votre demande.',
    notYou: "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer ce message.",
  },
}

/** The longest name the person's copy greets by. */
export const GREETING_NAME_MAX = 40

/**
 * The typed name when it reads as a name (letters, spaces, apostrophes and hyphens, short),
 * otherwise none: no link, address, digit or sentence of a stranger's choosing in our mail.
 */
export function greetingName(name: string): string | undefined {
  const trimmed = name.trim()
  if (trimmed.length > GREETING_NAME_MAX) return undefined
  return /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u.test(trimmed) ? trimmed : undefined
}

/** The person's copy: that we received it and what happens next, in their language; none of their text. */
export const leadConfirmationMail = mailTemplate<Lead>(
  languageEntries((language) => (lead: Lead) => {
    const copy = CONFIRMATIONS[lead.kind][language]
    const words = RECEIVED[language]
    const when = lead.demoSlotStart ? formatDemoTime(lead.demoSlotStart, language) : ''
    const name = greetingName(lead.name)
    return {
      subject: copy.subject,
      ...(name ? { greet: name } : {}),
      paragraphs: [words.received, copy.nextStep.replace('{when}', when), words.notYou],
    }
  }),
)

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  contact_sales: 'Contact sales',
  custom_quote: 'Custom quote',
  schedule_demo: 'Demo',
  workload_migration: 'Workload migration',
  contact: 'Contact',
}

/** The words of the sales inbox's copy, by the language the sales team reads. */
const SALES_WORDS: Record<
  Language,
  {
    kinds: Record<LeadKind, string>
    fields: Record<string, string>
    newLead: (kind: string) => string
    message: string
    received: (id: string, at: string) => string
    parisTime: string
  }
> = {
  en: {
    kinds: LEAD_KIND_LABELS,
    fields: {
      name: 'Name',
      email: 'Email',
      company: 'Company',
      phone: 'Phone',
      companySize: 'Company size',
      clusterType: 'Cluster type',
      nodeCount: 'Nodes',
      currentPlatform: 'Current platform',
      workloadCount: 'Workloads',
      topic: 'Topic',
      demo: 'Demo',
      language: 'Language',
    },
    newLead: (kind) => `New lead from the website: ${kind}.`,
    message: 'Message:',
    received: (id, at) => `Lead ${id}, received ${at}.`,
    parisTime: 'Paris time',
  },
  fr: {
    kinds: {
      contact_sales: 'Contact commercial',
      custom_quote: 'Devis sur mesure',
      schedule_demo: 'Démonstration',
      workload_migration: 'Migration de charges',
      contact: 'Contact',
    },
    fields: {
      name: 'Nom',
      email: 'E-mail',
      company: 'Entreprise',
      phone: 'Téléphone',
      companySize: 'Taille de l’entreprise',
      clusterType: 'Type de cluster',
      nodeCount: 'Nœuds',
      currentPlatform: 'Plateforme actuelle',
      workloadCount: 'Charges de travail',
      topic: 'Sujet',
      demo: 'Démonstration',
      language: 'Langue',
    },
    newLead: (kind) => `Nouvelle demande depuis le site : ${kind}.`,
    message: 'Message :',
    received: (id, at) => `Demande ${id}, reçue le ${at}.`,
    parisTime: 'heure de Paris',
  },
}

/** The sales inbox's copy: every field, with the person's address to reply to. */
export const salesLeadMail = mailTemplate<Lead>(
  languageEntries((language) => (lead: Lead) => {
    const words = SALES_WORDS[language]
    const kind = words.kinds[lead.kind]
    const fields: [string, string | null][] = [
      [words.fields.name!, lead.name],
      [words.fields.email!, lead.email],
      [words.fields.company!, lead.company],
      ...Object.entries(lead.details).map(([key, value]): [string, string] => [
        words.fields[key] ?? key,
        value,
      ]),
      [
        words.fields.demo!,
        lead.demoSlotStart ? `${formatDemoTime(lead.demoSlotStart, language)} (${words.parisTime})` : null,
      ],
      [words.fields.language!, lead.language],
    ]
    const summary = fields
      .filter((field): field is [string, string] => Boolean(field[1]))
      .map(([label, value]) => `${label}: ${value}`)
      .join('\n')
    return {
      subject: `[${kind}] ${lead.name}${lead.company ? `, ${lead.company}` : ''}`,
      paragraphs: [
        words.newLead(kind),
        summary,
        ...(lead.message ? [`${words.message}\n${lead.message}`] : []),
        words.received(lead.id, lead.createdAt.toISOString()),
      ],
    }
  }),
)

export const newsletterConfirmationMail = mailTemplate<{ url: MailSecret }>({
  en: ({ url }) => ({
    subject: 'Confirm your Clusterdeck newsletter subscription',
    paragraphs: [
      'Please confirm that you want to receive the Clusterdeck newsletter: product news, tutorials and events, about once a month.',
      'The link is valid for 7 days. If you did not ask for it, ignore this mail: you will not be subscribed.',
    ],
    action: { label: 'Confirm my subscription', url },
  }),
  fr: ({ url }) => ({
    subject: 'Confirmez votre inscription à la newsletter Clusterdeck',
    paragraphs: [
      'Merci de confirmer que vous souhaitez recevoir la newsletter Clusterdeck : nouveautés produit, tutoriels et événements, environ une fois par mois.',
      "Le lien est valable 7 jours. Si vous n'avez rien demandé, ignorez ce message : vous ne serez pas inscrit.",
    ],
    action: { label: 'Confirmer mon inscription', url },
  }),
})

export const newsletterWelcomeMail = mailTemplate<Record<string, never>>({
  en: () => ({
    subject: 'Your Clusterdeck newsletter subscription is confirmed',
    paragraphs: [
      'Your subscription is confirmed. The next issue of the Clusterdeck newsletter will reach you here.',
    ],
  }),
  fr: () => ({
    subject: 'Votre inscription à la newsletter Clusterdeck est confirmée',
    paragraphs: [
      'Votre inscription est confirmée. Le prochain numéro de la newsletter Clusterdeck vous parviendra à cette adresse.',
    ],
  }),
})

export const newsletterAlreadySubscribedMail = mailTemplate<Record<string, never>>({
  en: () => ({
    subject: 'You already receive the Clusterdeck newsletter',
    paragraphs: [
      'Someone asked to subscribe this address to the Clusterdeck newsletter, and it is already subscribed. There is nothing more to do.',
    ],
  }),
  fr: () => ({
    subject: 'Vous recevez déjà la newsletter Clusterdeck',
    paragraphs: [
      "Quelqu'un a demandé l'inscription de cette adresse à la newsletter Clusterdeck, et elle y est déjà inscrite. Vous n'avez rien d'autre à faire.",
    ],
  }),
})

export const salesNewsletterMail = mailTemplate<{ subscriber: string; language: Language }>({
  en: ({ subscriber, language }) => ({
    subject: `[Newsletter] New subscriber: ${subscriber}`,
    paragraphs: [`${subscriber} confirmed their subscription to the newsletter (language: ${language}).`],
  }),
  fr: ({ subscriber, language }) => ({
    subject: `[Newsletter] Nouvel abonné : ${subscriber}`,
    paragraphs: [`${subscriber} a confirmé son inscription à la newsletter (langue : ${language}).`],
  }),
})

/** "Thursday, 14 January 2027 at 09:00" in the demo's time zone, in the person's language. */
export function formatDemoTime(start: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone: DEMO_TIME_ZONE,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(start)
}
