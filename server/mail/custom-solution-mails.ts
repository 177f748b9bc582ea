import type { Currency } from '#common/money.ts'
import { formatAmount } from '#common/pricing.ts'
import { mailTemplate } from './template.ts'

/** The mails of custom solutions: a request received, a quote sent, a quote answered. */

export const customSolutionReceivedMail = mailTemplate<{
  name: string
  reference: string
  title: string
  url: string
}>({
  en: ({ name, reference, title, url }) => ({
    subject: `We received your request ${reference}`,
    greet: name,
    paragraphs: [
      `Thank you for describing “${title}”. Our solutions team reads every request and answers with a priced quote, usually within two working days.`,
      'You will get a mail as soon as the quote is ready.',
    ],
    action: { label: 'Open your request', url },
  }),
  fr: ({ name, reference, title, url }) => ({
    subject: `Nous avons reçu votre demande ${reference}`,
    greet: name,
    paragraphs: [
      `Merci d’avoir décrit « ${title} ». Notre équipe solutions lit chaque demande et y répond par un devis chiffré, en général sous deux jours ouvrés.`,
      'Vous recevrez un e-mail dès que le devis sera prêt.',
    ],
    action: { label: 'Ouvrir votre demande', url },
  }),
})

export const customSolutionForOfficersMail = mailTemplate<{
  reference: string
  title: string
  organization: string
  url: string
}>({
  en: ({ reference, title, organization, url }) => ({
    subject: `New custom solution request ${reference} from ${organization}`,
    paragraphs: [`${organization} asks for “${title}”. Answer it with a quote from the officers panel.`],
    action: { label: 'Open the officers panel', url },
  }),
  fr: ({ reference, title, organization, url }) => ({
    subject: `Nouvelle demande de solution sur mesure ${reference} de ${organization}`,
    paragraphs: [
      `${organization} demande « ${title} ». Répondez-y par un devis depuis le panneau des responsables.`,
    ],
    action: { label: 'Ouvrir le panneau des responsables', url },
  }),
})

/** The quote's monthly total in cents of its currency, shown as typed in the mail's language. */
export const quoteReadyMail = mailTemplate<{
  name: string
  reference: string
  title: string
  totalCents: number
  currency: Currency
  validUntil: string
  url: string
}>({
  en: ({ name, reference, title, totalCents, currency, validUntil, url }) => ({
    subject: `Your quote for ${reference} is ready`,
    greet: name,
    paragraphs: [
      `Our quote for “${title}” comes to ${formatAmount(totalCents, currency)} a month and is valid until ${validUntil}.`,
      'Accept it to place the order, or decline it and tell us why.',
    ],
    action: { label: 'Review the quote', url },
  }),
  fr: ({ name, reference, title, totalCents, currency, validUntil, url }) => ({
    subject: `Votre devis pour ${reference} est prêt`,
    greet: name,
    paragraphs: [
      `Notre devis pour « ${title} » s’élève à ${formatAmount(totalCents, currency, 'fr')} par mois et reste valable jusqu’au ${validUntil}.`,
      'Acceptez-le pour passer commande, ou refusez-le en nous disant pourquoi.',
    ],
    action: { label: 'Consulter le devis', url },
  }),
})

export const quoteAnsweredMail = mailTemplate<{
  name: string
  reference: string
  organization: string
  accepted: boolean
  detail: string
  url: string
}>({
  en: ({ name, reference, organization, accepted, detail, url }) => ({
    subject: `${organization} ${accepted ? 'accepted' : 'declined'} the quote for ${reference}`,
    greet: name,
    paragraphs: [
      accepted
        ? `${organization} accepted your quote: order ${detail} was placed.`
        : `${organization} declined your quote${detail ? `: ${detail}` : '.'}`,
    ],
    action: { label: 'Open the officers panel', url },
  }),
  fr: ({ name, reference, organization, accepted, detail, url }) => ({
    subject: `${organization} a ${accepted ? 'accepté' : 'refusé'} le devis de ${reference}`,
    greet: name,
    paragraphs: [
      accepted
        ? `${organization} a accepté votre devis : la commande ${detail} a été passée.`
        : `${organization} a refusé votre devis${detail ? ` : ${detail}` : '.'}`,
    ],
    action: { label: 'Ouvrir le panneau des responsables', url },
  }),
})
