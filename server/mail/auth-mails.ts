import { type MailSecret, mailTemplate } from './template.ts'

/** The mails of accounts: proving a mailbox, signing in by mail, a registration to approve. */

/** A one-time link: sealed in the queued mail, rendered when it is sent. */
type OneTimeLink = { name: string; url: MailSecret }

export const verifyEmailMail = mailTemplate<OneTimeLink>({
  en: ({ name, url }) => ({
    subject: 'Verify your email address',
    greet: name,
    paragraphs: [
      'Please confirm that this is your email address for your Clusterdeck account.',
      'The link is valid for 24 hours. If you did not create an account, you can ignore this message.',
    ],
    action: { label: 'Verify email address', url },
  }),
  fr: ({ name, url }) => ({
    subject: 'Confirmez votre adresse e-mail',
    greet: name,
    paragraphs: [
      'Merci de confirmer que cette adresse est bien celle de votre compte Clusterdeck.',
      'Le lien est valable 24 heures. Si vous n’avez pas créé de compte, ignorez ce message.',
    ],
    action: { label: 'Confirmer mon adresse e-mail', url },
  }),
})

export const passwordResetMail = mailTemplate<OneTimeLink>({
  en: ({ name, url }) => ({
    subject: 'Reset your Clusterdeck password',
    greet: name,
    paragraphs: [
      'Someone asked to reset the password of your Clusterdeck account.',
      'The link is valid for 1 hour and works once. If you did not ask for it, your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url },
  }),
  fr: ({ name, url }) => ({
    subject: 'Réinitialisez votre mot de passe Clusterdeck',
    greet: name,
    paragraphs: [
      'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte Clusterdeck.',
      'Le lien est valable 1 heure et ne sert qu’une fois. Si vous n’avez rien demandé, votre mot de passe ne change pas.',
    ],
    action: { label: 'Choisir un nouveau mot de passe', url },
  }),
})

export const magicLinkMail = mailTemplate<OneTimeLink>({
  en: ({ name, url }) => ({
    subject: 'Your Clusterdeck sign-in link',
    greet: name,
    paragraphs: [
      'Here is the link to sign in to Clusterdeck.',
      'The link is valid for 15 minutes and works once. If you did not ask for it, ignore this message.',
    ],
    action: { label: 'Sign in to Clusterdeck', url },
  }),
  fr: ({ name, url }) => ({
    subject: 'Votre lien de connexion Clusterdeck',
    greet: name,
    paragraphs: [
      'Voici le lien pour vous connecter à Clusterdeck.',
      'Le lien est valable 15 minutes et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message.',
    ],
    action: { label: 'Me connecter à Clusterdeck', url },
  }),
})

export const registrationPendingMail = mailTemplate<{ name: string; url: string; applicant: string }>({
  en: ({ name, applicant, url }) => ({
    subject: 'A new registration waits for your approval',
    greet: name,
    paragraphs: [
      `${applicant} registered with your organization's billing ID and waits for your approval.`,
      'Only approve people you know to belong to your organization.',
    ],
    action: { label: 'Review pending registrations', url },
  }),
  fr: ({ name, applicant, url }) => ({
    subject: 'Une nouvelle inscription attend votre validation',
    greet: name,
    paragraphs: [
      `${applicant} s’est inscrit avec l’identifiant de facturation de votre organisation et attend votre validation.`,
      'N’acceptez que des personnes dont vous savez qu’elles appartiennent à votre organisation.',
    ],
    action: { label: 'Voir les inscriptions en attente', url },
  }),
})
