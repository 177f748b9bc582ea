import { mailTemplate } from './template.ts'

/**
 * An invitation to an address that already has an account: the admin's answer is the same as for
 * any address (it must not tell who has an account), and the person is told instead of linked,
 * since an account belongs to one organization.
 */
export const invitationForAccountHolderMail = mailTemplate<{
  name: string
  inviter: string
  organization: string
}>({
  en: ({ name, inviter, organization }) => ({
    subject: `${inviter} invited you to ${organization} on Clusterdeck`,
    greet: name,
    paragraphs: [
      `${inviter} invited this address to join ${organization} on Clusterdeck.`,
      'This address already has a Clusterdeck account, and an account belongs to one organization, so there is nothing to accept. To join, ask them to invite another address of yours.',
      'If you did not expect this invitation, you can ignore this message: nothing changes for your account.',
    ],
  }),
  fr: ({ name, inviter, organization }) => ({
    subject: `${inviter} vous a invité à rejoindre ${organization} sur Clusterdeck`,
    greet: name,
    paragraphs: [
      `${inviter} a invité cette adresse à rejoindre ${organization} sur Clusterdeck.`,
      'Cette adresse a déjà un compte Clusterdeck, et un compte appartient à une seule organisation : il n’y a donc rien à accepter. Pour la rejoindre, demandez-leur d’inviter une autre de vos adresses.',
      'Si vous n’attendiez pas cette invitation, ignorez ce message : rien ne change pour votre compte.',
    ],
  }),
})
