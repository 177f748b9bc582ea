import type { Language } from '#common/language.ts'
import type { TicketStatus } from '#common/schemas/support.ts'
import { languageEntries, type MailSecret } from './template.ts'

/**
 * The mails of the support desk. Each one carries the recipient's own reply address: an answer to
 * the mail lands in the thread as theirs (server/modules/support/inbound-mail.ts). An officer's
 * carries none: officers answer in the app.
 */

/** The ticket's link (a visitor's is a tracking link) and the reply address let their holder post: both sealed. */
type TicketMail = {
  name: string
  number: string
  subject: string
  url: MailSecret
  replyAddress: MailSecret | null
}

/** The reply hint and the Reply-To header, when the recipient has a reply address. */
const replyBy = (hint: (address: string) => string, address: string | null) =>
  address ? { hint: [hint(address)], replyTo: { replyTo: address } } : { hint: [], replyTo: {} }

const WORDS = {
  en: {
    follow: 'Follow your ticket',
    replyHint: (address: string) =>
      `Reply to this mail to add to the conversation (or write to ${address}); keep the ticket number in the subject.`,
    hours: (minutes: number) =>
      minutes < 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}`,
    coverage: {
      business_hours: 'business hours, Monday to Friday 9:00–18:00 Paris time',
      '24x7': 'around the clock',
    },
    status: {
      new: 'new',
      open: 'open',
      waiting_on_customer: 'waiting on your answer',
      resolved: 'resolved',
      closed: 'closed',
    } satisfies Record<TicketStatus, string>,
  },
  fr: {
    follow: 'Suivre votre ticket',
    replyHint: (address: string) =>
      `Répondez à cet e-mail pour compléter la conversation (ou écrivez à ${address}) ; gardez le numéro du ticket dans l’objet.`,
    hours: (minutes: number) =>
      minutes < 60 ? `${minutes} minutes` : `${minutes / 60} heure${minutes === 60 ? '' : 's'}`,
    coverage: {
      business_hours: 'heures ouvrées, du lundi au vendredi de 9 h à 18 h (heure de Paris)',
      '24x7': '24 h/24, 7 j/7',
    },
    status: {
      new: 'nouveau',
      open: 'ouvert',
      waiting_on_customer: 'en attente de votre réponse',
      resolved: 'résolu',
      closed: 'fermé',
    } satisfies Record<TicketStatus, string>,
  },
} satisfies Record<Language, unknown>

export const ticketOpenedMail = languageEntries<
  TicketMail & { firstResponseMinutes: number; coverage: 'business_hours' | '24x7' }
>((language) => (data) => {
  const words = WORDS[language]
  const target = `${words.hours(data.firstResponseMinutes)} (${words.coverage[data.coverage]})`
  const reply = replyBy(words.replyHint, data.replyAddress)
  return language === 'fr'
    ? {
        subject: `[${data.number}] ${data.subject}`,
        greet: data.name,
        paragraphs: [
          `Nous avons bien reçu votre demande « ${data.subject} ». Son numéro est ${data.number} ; un ingénieur vous répond sous ${target}.`,
          ...reply.hint,
        ],
        action: { label: words.follow, url: data.url },
        ...reply.replyTo,
      }
    : {
        subject: `[${data.number}] ${data.subject}`,
        greet: data.name,
        paragraphs: [
          `We received your request “${data.subject}”. Its number is ${data.number}; an engineer answers within ${target}.`,
          ...reply.hint,
        ],
        action: { label: words.follow, url: data.url },
        ...reply.replyTo,
      }
})

/** A new tracking link, for a visitor who asked on /track-ticket; the links sent before stop working. */
export const trackingLinkMail = languageEntries<TicketMail & { validDays: number }>((language) => (data) => {
  const words = WORDS[language]
  const reply = replyBy(words.replyHint, data.replyAddress)
  return language === 'fr'
    ? {
        subject: `[${data.number}] Votre lien de suivi`,
        greet: data.name,
        paragraphs: [
          `Voici un nouveau lien privé pour votre ticket ${data.number} « ${data.subject} ». Ne le partagez pas : il donne accès à la conversation. Il est valable ${data.validDays} jours ; les liens envoyés avant ne fonctionnent plus.`,
          ...reply.hint,
        ],
        action: { label: words.follow, url: data.url },
        ...reply.replyTo,
      }
    : {
        subject: `[${data.number}] Your tracking link`,
        greet: data.name,
        paragraphs: [
          `Here is a new private link to your ticket ${data.number} “${data.subject}”. Keep it to yourself: it opens the conversation. It works for ${data.validDays} days; the links sent before no longer do.`,
          ...reply.hint,
        ],
        action: { label: words.follow, url: data.url },
        ...reply.replyTo,
      }
})

export const ticketReplyMail = languageEntries<TicketMail & { author: string; body: string }>(
  (language) => (data) => {
    const words = WORDS[language]
    const reply = replyBy(words.replyHint, data.replyAddress)
    return {
      subject: `[${data.number}] ${data.subject}`,
      greet: data.name,
      paragraphs: [
        language === 'fr'
          ? `${data.author} a répondu à votre ticket ${data.number} :`
          : `${data.author} replied to your ticket ${data.number}:`,
        data.body,
        ...reply.hint,
      ],
      action: { label: words.follow, url: data.url },
      ...reply.replyTo,
    }
  },
)

export const ticketStatusMail = languageEntries<TicketMail & { status: TicketStatus }>(
  (language) => (data) => {
    const words = WORDS[language]
    const state = words.status[data.status]
    const resolved = data.status === 'resolved'
    const reply = replyBy(words.replyHint, data.replyAddress)
    return language === 'fr'
      ? {
          subject: `[${data.number}] Ticket ${state}`,
          greet: data.name,
          paragraphs: [
            `Votre ticket ${data.number} « ${data.subject} » est maintenant ${state}.`,
            ...(resolved
              ? [
                  `Dites-nous comment nous avons fait : notez la réponse de 1 à 5 sur la page du ticket.${data.replyAddress ? ' Une réponse à cet e-mail le rouvre.' : ''}`,
                ]
              : reply.hint),
          ],
          action: { label: resolved ? 'Noter la réponse' : words.follow, url: data.url },
          ...reply.replyTo,
        }
      : {
          subject: `[${data.number}] Ticket ${state}`,
          greet: data.name,
          paragraphs: [
            `Your ticket ${data.number} “${data.subject}” is now ${state}.`,
            ...(resolved
              ? [
                  `Tell us how we did: rate the answer from 1 to 5 on the ticket’s page.${data.replyAddress ? ' A reply to this mail reopens it.' : ''}`,
                ]
              : reply.hint),
          ],
          action: { label: resolved ? 'Rate the answer' : words.follow, url: data.url },
          ...reply.replyTo,
        }
  },
)
