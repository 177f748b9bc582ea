import type { auth as english } from '../en/auth.ts'

export const auth: typeof english = {
  gatedPage: 'Connectez-vous ou créez un compte pour ouvrir « {{page}} ».',

  toast: {
    mfaRequired: 'Double authentification requise',
    mfaRequiredText:
      'Votre organisation l’exige : configurez-la pour voir ses clusters, commandes et factures.',
    loginSuccess: 'Connexion réussie',
    welcomeBack: 'Bon retour, {{name}} !',
    loginFailed: 'Échec de la connexion',
    registerSuccess: 'Inscription réussie',
    welcome: 'Bienvenue, {{name}} !',
    welcomeBillingId:
      'L’identifiant de facturation de votre organisation est {{billingId}} : donnez-le à vos collègues pour qu’ils demandent à la rejoindre.',
    registerFailed: "Échec de l'inscription",
    passwordChanged: 'Mot de passe modifié',
    verificationSent: 'E-mail de vérification envoyé',
    verificationSentDescription: 'Consultez votre boîte mail pour trouver le lien de vérification.',
    error: 'Erreur',
    resendFailed: "Impossible de renvoyer l'e-mail de vérification. Veuillez réessayer.",
  },

  brand: {
    eyebrow: 'Clusterdeck',
    title: 'Kubernetes prêt pour la production, opéré depuis des centres de données européens',
    lead: 'Déployez, faites évoluer et gérez vos clusters avec une sécurité et une supervision de niveau entreprise.',
    pointDeploy: 'Des clusters prêts en quelques minutes, en sept types',
    pointSecurity: 'Sécurité, supervision et connexion à deux facteurs de niveau entreprise',
    pointSovereignty: 'Conforme RGPD, HDS et CISPE, avec des données souveraines',
    gdpr: 'RGPD',
    hds: 'HDS',
    cispe: 'CISPE',
  },

  tabs: {
    label: 'Se connecter ou créer un compte',
    signIn: 'Connexion',
    register: 'Créer un compte',
  },

  fields: {
    recoveryCode: 'Code de secours',
    identifier: "Nom d'utilisateur ou e-mail",
    username: "Nom d'utilisateur",
    email: 'E-mail',
    name: 'Nom complet',
    password: 'Mot de passe',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmer le nouveau mot de passe',
    companyName: "Nom de l'entreprise",
    companyId: 'Identifiant de facturation',
    code: "Code d'authentification",
    showPassword: 'Afficher le mot de passe',
  },

  hints: {
    username: '3 à 32 lettres, chiffres, points, tirets ou tirets bas.',
    passwordRule: 'Au moins {{count}} caractères',
    passwordCommon: "Pas l'un des mots de passe les plus courants",
    passwordRuleMet: 'respecté',
    passwordRuleUnmet: 'pas encore respecté',
  },

  signIn: {
    title: 'Bon retour',
    description: 'Connectez-vous pour gérer vos clusters, commandes et factures.',
    submit: 'Se connecter',
    submitting: 'Connexion...',
    forgotPassword: 'Mot de passe oublié ?',
    magicLink: 'Recevoir un lien de connexion par e-mail',
    or: 'ou',
    devLogin: 'Utiliser un compte de démonstration',
    noAccount: 'Nouveau sur Clusterdeck ?',
    createAccount: 'Créer un compte',
  },

  register: {
    title: 'Créez votre compte',
    description: 'Commencez par votre organisation : vous inviterez votre équipe ensuite.',
    submit: 'Créer le compte',
    submitting: 'Création du compte...',
    organization: 'Votre organisation',
    joining: 'Je rejoins ma société, qui utilise déjà Clusterdeck',
    joiningHint:
      'Saisissez l’identifiant de facturation que l’administrateur de votre société vous a donné : il approuve votre demande avant que vous ne voyiez l’organisation.',
    newOrganizationHint:
      'Votre nouvelle organisation reçoit son identifiant de facturation dès votre inscription ; vous en êtes l’administrateur et pouvez le donner à vos collègues.',
    haveAccount: 'Vous avez déjà un compte ?',
    signIn: 'Se connecter',
    legal:
      'En créant un compte, vous acceptez les <terms>conditions d’utilisation</terms> et la <privacy>politique de confidentialité</privacy>.',
  },

  mfa: {
    useAuthenticator: 'Utiliser l’application d’authentification',
    useRecoveryCode: 'Utiliser plutôt un code de secours',
    recoveryHint:
      'L’un des dix codes enregistrés à l’activation de la double authentification. Chacun sert une fois.',
    title: 'Authentification à deux facteurs',
    description:
      "Saisissez le code à 6 chiffres de votre application d'authentification pour terminer la connexion.",
    submit: 'Vérifier et se connecter',
    submitting: 'Vérification...',
    back: 'Retour à la connexion',
  },

  invalidLink: 'Ce lien est invalide ou a expiré. Veuillez en demander un nouveau.',

  forgot: {
    title: 'Mot de passe oublié ?',
    description:
      "Saisissez l'adresse e-mail de votre compte : nous vous enverrons un lien pour en choisir un nouveau.",
    submit: 'Envoyer le lien',
    submitting: 'Envoi...',
    sentTitle: 'Consultez votre boîte mail',
    sentAgain: 'Envoyer un autre lien',
    backToSignIn: 'Retour à la connexion',
  },

  passkey: {
    signIn: 'Se connecter avec une clé d’accès',
    waiting: 'En attente de votre clé d’accès…',
  },
  invitation: {
    title: 'Votre invitation',
    loading: 'Lecture de l’invitation…',
    joinTitle: 'Rejoindre {{organization}}',
    description:
      '{{inviter}} vous invite à rejoindre {{organization}} sur Clusterdeck. Choisissez vos identifiants.',
    address: 'Adresse de votre compte :',
    submit: 'Créer mon compte',
    submitting: 'Création de votre compte…',
    failed: 'Le compte n’a pas pu être créé',
    invalidTitle: 'Cette invitation ne peut pas être utilisée',
    missing: 'Le lien ne contient pas d’invitation. Rouvrez le lien de l’e-mail.',
    signIn: 'Aller à la connexion',
  },
  reset: {
    title: 'Choisissez un nouveau mot de passe',
    description: 'Votre nouveau mot de passe ferme toutes vos autres sessions.',
    submit: 'Changer le mot de passe',
    submitting: 'Changement...',
    doneTitle: 'Mot de passe modifié',
    signIn: 'Se connecter',
    missingTitle: 'Ce lien de réinitialisation est incomplet',
    missingDescription: "Rouvrez le lien de l'e-mail ou demandez-en un nouveau.",
    invalidTitle: 'Ce lien ne peut pas être utilisé',
    requestNew: 'Demander un nouveau lien',
  },

  verify: {
    checking: 'Vérification de votre lien...',
    verifiedTitle: 'Adresse e-mail vérifiée',
    verifiedDescription: 'Merci : votre adresse e-mail est confirmée et votre compte est prêt.',
    invalidTitle: 'Ce lien de vérification ne peut pas être utilisé',
    invalidDescription:
      'Il est invalide, a expiré ou a déjà servi. Saisissez votre adresse e-mail pour en recevoir un nouveau.',
    pendingTitle: 'Vérifiez votre adresse e-mail',
    pendingDescription:
      "Nous avons envoyé un lien dans votre boîte mail. Ouvrez-le pour confirmer votre adresse ; regardez dans les spams s'il n'arrive pas.",
    resend: 'Envoyer un nouveau lien',
    resending: 'Envoi...',
    resent: 'Nouvel e-mail de vérification envoyé avec succès !',
    toDashboard: 'Aller au tableau de bord',
    signIn: 'Se connecter',
  },

  magicLogin: {
    title: 'Connexion par lien magique',
    description:
      'Sans mot de passe : nous vous envoyons un lien qui vous connecte une seule fois, dans les 15 minutes.',
    submit: 'Recevoir un lien',
    submitting: 'Envoi...',
    sentTitle: 'Consultez votre boîte mail',
    sentAgain: 'Envoyer un autre lien',
    usePassword: 'Se connecter avec un mot de passe',
  },

  magicLink: {
    title: 'Connexion à Clusterdeck',
    description: "Poursuivez la connexion avec le lien de votre e-mail. Il ne sert qu'une fois.",
    submit: 'Se connecter',
    submitting: 'Connexion...',
    missingTitle: 'Ce lien de connexion est incomplet',
    missingDescription: "Rouvrez le lien de l'e-mail ou demandez-en un nouveau.",
    invalidTitle: 'Ce lien de connexion ne peut pas être utilisé',
    requestNew: 'Demander un nouveau lien',
  },

  devLogin: {
    title: 'Comptes de démonstration',
    description:
      "Développement uniquement : connectez-vous en un clic avec l'un des comptes de démonstration.",
    signInAs: 'Se connecter en tant que {{name}}',
    checking: "Vérification de l'environnement...",
    unavailableTitle: 'Indisponible ici',
    unavailableDescription:
      "La connexion de démonstration n'existe qu'en développement, sur un serveur qui n'écoute que cette machine. Connectez-vous avec votre propre compte.",
    signIn: 'Aller à la connexion',
    accounts: {
      verifiedCustomer: 'Client vérifié',
      unverifiedEmail: 'E-mail pas encore vérifié',
      twoFactor: 'Authentification à deux facteurs (TOTP)',
      organizationAdmin: "Administrateur de l'organisation",
      officer: 'Officer (panneau des officers)',
      platformOperator: 'Opérateur de la plateforme (super_admin)',
    },
  },
}
