import { type MailSecret, mailTemplate } from './template.ts'

/** The mails of organization administration: invitations, approvals, promotions, member changes. */

export const invitationMail = mailTemplate<{
  inviter: string
  organization: string
  /** The invitation's one-time link. */
  url: MailSecret
  days: number
}>({
  en: ({ inviter, organization, url, days }) => ({
    subject: `${inviter} invites you to ${organization} on Clusterdeck`,
    paragraphs: [
      `${inviter} invites you to join ${organization} on Clusterdeck, where the organization orders and runs its Kubernetes clusters.`,
      `The link is valid for ${days} days. If you did not expect this invitation, you can ignore this message.`,
    ],
    action: { label: 'Accept the invitation', url },
  }),
  fr: ({ inviter, organization, url, days }) => ({
    subject: `${inviter} vous invite à rejoindre ${organization} sur Clusterdeck`,
    paragraphs: [
      `${inviter} vous invite à rejoindre ${organization} sur Clusterdeck, où l’organisation commande et exploite ses clusters Kubernetes.`,
      `Le lien est valable ${days} jours. Si vous n’attendiez pas cette invitation, ignorez ce message.`,
    ],
    action: { label: 'Accepter l’invitation', url },
  }),
})

type Decision = { name: string; organization: string; note: string | null; url: string }

const noteParagraph = (note: string | null, label: string) => (note ? [`${label} ${note}`] : [])

export const registrationApprovedMail = mailTemplate<Decision>({
  en: ({ name, organization, note, url }) => ({
    subject: `Your registration with ${organization} is approved`,
    greet: name,
    paragraphs: [
      `An administrator of ${organization} approved your registration: you can now sign in.`,
      ...noteParagraph(note, 'Their note:'),
    ],
    action: { label: 'Sign in to Clusterdeck', url },
  }),
  fr: ({ name, organization, note, url }) => ({
    subject: `Votre inscription auprès de ${organization} est acceptée`,
    greet: name,
    paragraphs: [
      `Un administrateur de ${organization} a accepté votre inscription : vous pouvez maintenant vous connecter.`,
      ...noteParagraph(note, 'Sa note :'),
    ],
    action: { label: 'Me connecter à Clusterdeck', url },
  }),
})

export const registrationRejectedMail = mailTemplate<Decision>({
  en: ({ name, organization, note, url }) => ({
    subject: `Your registration with ${organization} was not approved`,
    greet: name,
    paragraphs: [
      `An administrator of ${organization} did not approve your registration, and the account was closed.`,
      ...noteParagraph(note, 'Their note:'),
      'If you think this is a mistake, ask an administrator of your organization to invite you.',
    ],
    action: { label: 'Contact us', url },
  }),
  fr: ({ name, organization, note, url }) => ({
    subject: `Votre inscription auprès de ${organization} n’a pas été acceptée`,
    greet: name,
    paragraphs: [
      `Un administrateur de ${organization} n’a pas accepté votre inscription, et le compte a été fermé.`,
      ...noteParagraph(note, 'Sa note :'),
      'S’il s’agit d’une erreur, demandez à un administrateur de votre organisation de vous inviter.',
    ],
    action: { label: 'Nous contacter', url },
  }),
})

export const promotionRequestedMail = mailTemplate<{
  name: string
  applicant: string
  reason: string
  url: string
}>({
  en: ({ name, applicant, reason, url }) => ({
    subject: `${applicant} asks to become an admin`,
    greet: name,
    paragraphs: [`${applicant} asks to become an admin of your organization. Their reason: ${reason}`],
    action: { label: 'Review promotion requests', url },
  }),
  fr: ({ name, applicant, reason, url }) => ({
    subject: `${applicant} demande à devenir administrateur`,
    greet: name,
    paragraphs: [
      `${applicant} demande à devenir administrateur de votre organisation. Sa raison : ${reason}`,
    ],
    action: { label: 'Voir les demandes de promotion', url },
  }),
})

export const promotionDecidedMail = mailTemplate<Decision & { approved: boolean }>({
  en: ({ name, organization, note, url, approved }) => ({
    subject: approved
      ? `You are now an admin of ${organization}`
      : 'Your request to become an admin was declined',
    greet: name,
    paragraphs: [
      approved
        ? `Your request to become an admin of ${organization} was approved. Please sign in again: your sessions were renewed with your new role.`
        : `Your request to become an admin of ${organization} was declined.`,
      ...noteParagraph(note, 'Their note:'),
    ],
    action: { label: 'Open Clusterdeck', url },
  }),
  fr: ({ name, organization, note, url, approved }) => ({
    subject: approved
      ? `Vous êtes maintenant administrateur de ${organization}`
      : 'Votre demande pour devenir administrateur a été refusée',
    greet: name,
    paragraphs: [
      approved
        ? `Votre demande pour devenir administrateur de ${organization} a été acceptée. Reconnectez-vous : vos sessions ont été renouvelées avec votre nouveau rôle.`
        : `Votre demande pour devenir administrateur de ${organization} a été refusée.`,
      ...noteParagraph(note, 'Sa note :'),
    ],
    action: { label: 'Ouvrir Clusterdeck', url },
  }),
})

export const exportReadyMail = mailTemplate<{ name: string; url: string; days: number }>({
  en: ({ name, url, days }) => ({
    subject: 'Your Clusterdeck data export is ready',
    greet: name,
    paragraphs: [
      `The export of your data is ready on your account page, downloadable for ${days} days while you are signed in.`,
    ],
    action: { label: 'Open my account', url },
  }),
  fr: ({ name, url, days }) => ({
    subject: 'L’export de vos données Clusterdeck est prêt',
    greet: name,
    paragraphs: [
      `L’export de vos données est prêt sur votre page de compte, téléchargeable pendant ${days} jours une fois connecté.`,
    ],
    action: { label: 'Ouvrir mon compte', url },
  }),
})

type ErasureNotice = { name: string; reason: string | null; deadline: string; url: string }

export const erasureApprovedMail = mailTemplate<ErasureNotice>({
  en: ({ name, url }) => ({
    subject: 'Your Clusterdeck account has been erased',
    greet: name,
    paragraphs: [
      'As you asked, your account is closed and your personal data erased.',
      'Your organization’s invoices are kept for 10 years, as French law requires; nothing else about you is.',
    ],
    action: { label: 'Clusterdeck privacy policy', url },
  }),
  fr: ({ name, url }) => ({
    subject: 'Votre compte Clusterdeck a été effacé',
    greet: name,
    paragraphs: [
      'Comme vous l’avez demandé, votre compte est fermé et vos données personnelles effacées.',
      'Les factures de votre organisation sont conservées 10 ans, comme l’exige la loi ; rien d’autre vous concernant.',
    ],
    action: { label: 'Politique de confidentialité de Clusterdeck', url },
  }),
})

export const erasureRefusedMail = mailTemplate<ErasureNotice>({
  en: ({ name, reason, url }) => ({
    subject: 'Your erasure request was not carried out',
    greet: name,
    paragraphs: [
      `We could not erase your account: ${reason ?? ''}`,
      'You may reply to this mail or complain to the CNIL.',
    ],
    action: { label: 'Open my account', url },
  }),
  fr: ({ name, reason, url }) => ({
    subject: 'Votre demande d’effacement n’a pas été exécutée',
    greet: name,
    paragraphs: [
      `Nous n’avons pas pu effacer votre compte : ${reason ?? ''}`,
      'Vous pouvez répondre à ce message ou saisir la CNIL.',
    ],
    action: { label: 'Ouvrir mon compte', url },
  }),
})

export const erasureExtendedMail = mailTemplate<ErasureNotice>({
  en: ({ name, reason, deadline, url }) => ({
    subject: 'We need more time for your erasure request',
    greet: name,
    paragraphs: [`Your request will be answered by ${deadline}. Why we need more time: ${reason ?? ''}`],
    action: { label: 'Open my account', url },
  }),
  fr: ({ name, reason, deadline, url }) => ({
    subject: 'Nous avons besoin de plus de temps pour votre demande d’effacement',
    greet: name,
    paragraphs: [
      `Votre demande recevra une réponse d’ici le ${deadline}. Pourquoi ce délai : ${reason ?? ''}`,
    ],
    action: { label: 'Ouvrir mon compte', url },
  }),
})

export const tokenExpiringMail = mailTemplate<{ name: string; token: string; date: string; url: string }>({
  en: ({ name, token, date, url }) => ({
    subject: `Your API token “${token}” expires on ${date}`,
    greet: name,
    paragraphs: [
      `Your API token “${token}” stops working on ${date}. Scripts that use it need a new token before then.`,
    ],
    action: { label: 'Manage my tokens', url },
  }),
  fr: ({ name, token, date, url }) => ({
    subject: `Votre jeton d’API « ${token} » expire le ${date}`,
    greet: name,
    paragraphs: [
      `Votre jeton d’API « ${token} » cesse de fonctionner le ${date}. Les scripts qui l’utilisent ont besoin d’un nouveau jeton d’ici là.`,
    ],
    action: { label: 'Gérer mes jetons', url },
  }),
})

export const passwordChangedMail = mailTemplate<{ name: string; url: string }>({
  en: ({ name, url }) => ({
    subject: 'Your Clusterdeck password was changed',
    greet: name,
    paragraphs: [
      'The password of your Clusterdeck account was just changed, and your other sessions were signed out.',
      'If it was not you, reset your password now and tell your administrator.',
    ],
    action: { label: 'Reset my password', url },
  }),
  fr: ({ name, url }) => ({
    subject: 'Votre mot de passe Clusterdeck a été modifié',
    greet: name,
    paragraphs: [
      'Le mot de passe de votre compte Clusterdeck vient d’être modifié, et vos autres sessions ont été déconnectées.',
      'Si ce n’était pas vous, réinitialisez votre mot de passe et prévenez votre administrateur.',
    ],
    action: { label: 'Réinitialiser mon mot de passe', url },
  }),
})

export const confirmNewEmailMail = mailTemplate<{ name: string; url: MailSecret }>({
  en: ({ name, url }) => ({
    subject: 'Confirm your new Clusterdeck address',
    greet: name,
    paragraphs: [
      'Confirm that this is the new address of your Clusterdeck account. The link is valid for 24 hours.',
    ],
    action: { label: 'Confirm this address', url },
  }),
  fr: ({ name, url }) => ({
    subject: 'Confirmez votre nouvelle adresse Clusterdeck',
    greet: name,
    paragraphs: [
      'Confirmez que c’est la nouvelle adresse de votre compte Clusterdeck. Le lien est valable 24 heures.',
    ],
    action: { label: 'Confirmer cette adresse', url },
  }),
})

export const emailChangeNoticeMail = mailTemplate<{ name: string; newEmail: string; url: string }>({
  en: ({ name, newEmail, url }) => ({
    subject: 'Your Clusterdeck address is being changed',
    greet: name,
    paragraphs: [
      `Someone signed in to your account asked to change its address to ${newEmail}. It changes once that address confirms it.`,
      'If it was not you, change your password now.',
    ],
    action: { label: 'Open my account', url },
  }),
  fr: ({ name, newEmail, url }) => ({
    subject: 'L’adresse de votre compte Clusterdeck va changer',
    greet: name,
    paragraphs: [
      `Une personne connectée à votre compte a demandé à changer son adresse pour ${newEmail}. Elle change une fois cette adresse confirmée.`,
      'Si ce n’était pas vous, changez votre mot de passe maintenant.',
    ],
    action: { label: 'Ouvrir mon compte', url },
  }),
})
