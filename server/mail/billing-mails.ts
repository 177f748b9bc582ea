import { type PaymentOptions, paymentInstructions } from '#common/payment-instructions.ts'
import { mailTemplate } from './template.ts'

/** The mails of billing: a budget threshold crossed, an invoice overdue. */

export const budgetAlertMail = mailTemplate<{
  name: string
  threshold: string
  spent: string
  basis: 'month_to_date' | 'forecast'
  url: string
}>({
  en: ({ name, threshold, spent, basis, url }) => ({
    subject: `Budget alert: ${basis === 'forecast' ? 'forecast' : 'spend'} above ${threshold}`,
    greet: name,
    paragraphs: [
      basis === 'forecast'
        ? `Your organization's spend this month is forecast at ${spent}, above your alert threshold of ${threshold}.`
        : `Your organization has spent ${spent} this month, above your alert threshold of ${threshold}.`,
      'This alert fires once a month. Scale down or hibernate clusters you do not need to spend less.',
    ],
    action: { label: 'Open billing', url },
  }),
  fr: ({ name, threshold, spent, basis, url }) => ({
    subject: `Alerte budget : ${basis === 'forecast' ? 'prévision' : 'dépense'} au-dessus de ${threshold}`,
    greet: name,
    paragraphs: [
      basis === 'forecast'
        ? `La dépense de votre organisation ce mois-ci est prévue à ${spent}, au-dessus de votre seuil d’alerte de ${threshold}.`
        : `Votre organisation a dépensé ${spent} ce mois-ci, au-dessus de votre seuil d’alerte de ${threshold}.`,
      'Cette alerte se déclenche une fois par mois. Réduisez ou mettez en veille les clusters inutiles pour dépenser moins.',
    ],
    action: { label: 'Ouvrir la facturation', url },
  }),
})

/** Who sends billing mails, named at their end: the operator's legal name and billing address. */
type Issuer = { legalName: string; billingEmail: string }

/**
 * The ways to pay are those configured when the reminder was queued; a job queued by an earlier
 * version carries neither them nor the issuer and is sent without those two paragraphs.
 */
export const invoiceOverdueMail = mailTemplate<{
  name: string
  number: string
  amount: string
  daysOverdue: number
  url: string
  payment?: PaymentOptions
  issuer?: Issuer
}>({
  en: ({ name, number, amount, daysOverdue, url, payment, issuer }) => ({
    subject: `Reminder: invoice ${number} is ${daysOverdue} days overdue`,
    greet: name,
    paragraphs: [
      `Invoice ${number} (${amount}) was due ${daysOverdue} days ago and is still unpaid.`,
      ...(payment ? [paymentInstructions(payment, number, 'en')] : []),
      ...(issuer ? [`${issuer.legalName} · Billing: ${issuer.billingEmail}`] : []),
    ],
    action: { label: 'Pay the invoice', url },
  }),
  fr: ({ name, number, amount, daysOverdue, url, payment, issuer }) => ({
    subject: `Rappel : la facture ${number} est en retard de ${daysOverdue} jours`,
    greet: name,
    paragraphs: [
      `La facture ${number} (${amount}) était due il y a ${daysOverdue} jours et reste impayée.`,
      ...(payment ? [paymentInstructions(payment, number, 'fr')] : []),
      ...(issuer ? [`${issuer.legalName} · Facturation : ${issuer.billingEmail}`] : []),
    ],
    action: { label: 'Régler la facture', url },
  }),
})
