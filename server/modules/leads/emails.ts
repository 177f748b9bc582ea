import type { LeadKind, LeadLanguage } from '#common/schemas/leads.ts'
import type { Lead } from '#server/db/schema/index.ts'
import { escapeHtml } from '#server/lib/html.ts'
import type { MailMessage } from '#server/lib/mailer.ts'
import { DEMO_TIME_ZONE } from './constants.ts'

/*
 * The mails of the lead forms. The person gets theirs in the language they used on the site; the
 * sales inbox gets every detail in English. Plain text first, with a simple HTML twin.
 */

type Copy = { subject: string; nextStep: string }

/** What the person is told will happen next, by form; `{when}` is the demo's date and time. */
const CONFIRMATIONS: Record<LeadKind, Record<LeadLanguage, Copy>> = {
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

const COMMON = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    received: 'Thank you, we received your request.',
    yourMessage: 'Your message:',
    notYou: 'If you did not send this request, you can ignore this mail.',
    signOff: '— The Clusterdeck team',
  },
  fr: {
    hello: (name: string) => `Bonjour ${name},`,
    received: 'Merci, nous avons bien reçu votre demande.',
    yourMessage: 'Votre message :',
    notYou: "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer ce message.",
    signOff: "— L'équipe Clusterdeck",
  },
} satisfies Record<LeadLanguage, unknown>

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  contact_sales: 'Contact sales',
  custom_quote: 'Custom quote',
  schedule_demo: 'Demo',
  workload_migration: 'Workload migration',
  contact: 'Contact',
}

/** The names the sales mail gives the fields only some forms have. */
const DETAIL_LABELS: Record<string, string> = {
  phone: 'Phone',
  companySize: 'Company size',
  clusterType: 'Cluster type',
  nodeCount: 'Nodes',
  currentPlatform: 'Current platform',
  workloadCount: 'Workloads',
  topic: 'Topic',
}

/** The person's copy: what we received and what happens next, in their language. */
export function leadConfirmationEmail(lead: Lead): MailMessage {
  const language = lead.language
  const copy = CONFIRMATIONS[lead.kind][language]
  const common = COMMON[language]
  const when = lead.demoSlotStart ? formatDemoTime(lead.demoSlotStart, language) : ''
  const paragraphs = [
    common.hello(lead.name),
    common.received,
    copy.nextStep.replace('{when}', when),
    ...(lead.message ? [`${common.yourMessage}\n${lead.message}`] : []),
    common.notYou,
    common.signOff,
  ]
  return mail(lead.email, copy.subject, paragraphs)
}

/** The sales inbox's copy: every field, with the person's address to reply to. */
export function salesLeadEmail(salesInbox: string, lead: Lead): MailMessage {
  const fields: [string, string | null][] = [
    ['Name', lead.name],
    ['Email', lead.email],
    ['Company', lead.company],
    ...Object.entries(lead.details).map(([key, value]): [string, string] => [
      DETAIL_LABELS[key] ?? key,
      value,
    ]),
    ['Demo', lead.demoSlotStart ? `${formatDemoTime(lead.demoSlotStart, 'en')} (Paris time)` : null],
    ['Language', lead.language],
  ]
  const summary = fields
    .filter((field): field is [string, string] => Boolean(field[1]))
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n')
  const paragraphs = [
    `New lead from the website: ${LEAD_KIND_LABELS[lead.kind]}.`,
    summary,
    ...(lead.message ? [`Message:\n${lead.message}`] : []),
    `Lead ${lead.id}, received ${lead.createdAt.toISOString()}.`,
  ]
  const subject = `[${LEAD_KIND_LABELS[lead.kind]}] ${lead.name}${lead.company ? `, ${lead.company}` : ''}`
  return mail(salesInbox, subject, paragraphs)
}

const NEWSLETTER = {
  en: {
    confirmSubject: 'Confirm your Clusterdeck newsletter subscription',
    confirmIntro:
      'Please confirm that you want to receive the Clusterdeck newsletter: product news, tutorials and events, about once a month.',
    confirmAction: 'Confirm my subscription',
    confirmOutro:
      'The link is valid for 7 days. If you did not ask for it, ignore this mail: you will not be subscribed.',
    welcomeSubject: 'Your Clusterdeck newsletter subscription is confirmed',
    welcome:
      'Your subscription is confirmed. The next issue of the Clusterdeck newsletter will reach you here.',
    alreadySubject: 'You already receive the Clusterdeck newsletter',
    already:
      'Someone asked to subscribe this address to the Clusterdeck newsletter, and it is already subscribed. There is nothing more to do.',
    signOff: COMMON.en.signOff,
  },
  fr: {
    confirmSubject: 'Confirmez votre inscription à la newsletter Clusterdeck',
    confirmIntro:
      'Merci de confirmer que vous souhaitez recevoir la newsletter Clusterdeck : nouveautés produit, tutoriels et événements, environ une fois par mois.',
    confirmAction: 'Confirmer mon inscription',
    confirmOutro:
      "Le lien est valable 7 jours. Si vous n'avez rien demandé, ignorez ce message : vous ne serez pas inscrit.",
    welcomeSubject: 'Votre inscription à la newsletter Clusterdeck est confirmée',
    welcome:
      'Votre inscription est confirmée. Le prochain numéro de la newsletter Clusterdeck vous parviendra à cette adresse.',
    alreadySubject: 'Vous recevez déjà la newsletter Clusterdeck',
    already:
      "Quelqu'un a demandé l'inscription de cette adresse à la newsletter Clusterdeck, et elle y est déjà inscrite. Vous n'avez rien d'autre à faire.",
    signOff: COMMON.fr.signOff,
  },
} satisfies Record<LeadLanguage, unknown>

export function newsletterConfirmationEmail(to: string, language: LeadLanguage, url: string): MailMessage {
  const copy = NEWSLETTER[language]
  return mail(to, copy.confirmSubject, [copy.confirmIntro, copy.confirmOutro, copy.signOff], {
    label: copy.confirmAction,
    url,
  })
}

export function newsletterWelcomeEmail(to: string, language: LeadLanguage): MailMessage {
  const copy = NEWSLETTER[language]
  return mail(to, copy.welcomeSubject, [copy.welcome, copy.signOff])
}

export function newsletterAlreadySubscribedEmail(to: string, language: LeadLanguage): MailMessage {
  const copy = NEWSLETTER[language]
  return mail(to, copy.alreadySubject, [copy.already, copy.signOff])
}

export function salesNewsletterEmail(salesInbox: string, subscriber: string, language: LeadLanguage) {
  return mail(salesInbox, `[Newsletter] New subscriber: ${subscriber}`, [
    `${subscriber} confirmed their subscription to the newsletter (language: ${language}).`,
  ])
}

/** "Thursday, 14 January 2027 at 09:00" in the demo's time zone, in the person's language. */
export function formatDemoTime(start: Date, language: LeadLanguage): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone: DEMO_TIME_ZONE,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(start)
}

/** Paragraphs as text and HTML; an action link, when given, comes after the first paragraph. */
function mail(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const [first = '', ...rest] = paragraphs
  const textParts = action ? [first, `${action.label}: ${action.url}`, ...rest] : paragraphs
  const htmlParts = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
  if (action)
    htmlParts.splice(1, 0, `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`)
  return { to, subject, text: textParts.join('\n\n'), html: htmlParts.join('') }
}
