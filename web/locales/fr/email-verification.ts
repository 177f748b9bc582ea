import type { emailVerification as english } from '../en/email-verification.ts'

export const emailVerification: typeof english = {
  title: 'Vérification de l’adresse e-mail requise',
  intro:
    'Veuillez vérifier votre adresse e-mail pour sécuriser votre compte et profiter de toutes les fonctions de Clusterdeck.',
  sentTo: 'Nous avons envoyé un lien de vérification à {{email}}.',
  stepsTitle: 'Pour vérifier votre adresse :',
  stepInbox: 'Consultez votre boîte de réception, ainsi que le dossier spam ou courrier indésirable.',
  stepLink: 'Cliquez sur le lien de vérification de cet e-mail.',
  stepRefresh: 'Revenez sur cette page et actualisez-la.',
  openEmailClient: 'Ouvrir la messagerie',
  resend: 'Renvoyer l’e-mail de vérification',
  sending: 'Envoi...',
  resent: 'Un nouvel e-mail de vérification a bien été envoyé !',
  continueWithout: 'Continuer sans vérification (déconseillé)',
  needHelp: 'Besoin d’aide ?',
  contactSupport: 'Contacter le support',
  toast: {
    sentTitle: 'E-mail de vérification envoyé',
    sentDescription: 'Consultez votre messagerie pour trouver le lien de vérification.',
    errorTitle: 'Erreur',
    errorDescription: 'Impossible de renvoyer l’e-mail de vérification. Veuillez réessayer.',
  },
}
