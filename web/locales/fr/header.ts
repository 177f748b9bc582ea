import type { header as english } from '../en/header.ts'

export const header: typeof english = {
  homeLink: 'Accueil Clusterdeck',
  mainNavigation: 'Navigation principale',
  skipToContent: 'Aller au contenu principal',
  nav: {
    home: 'Accueil',
    pricing: 'Tarifs',
    documentation: 'Documentation',
    tutorials: 'Tutoriels',
    support: 'Support',
    dashboard: 'Tableau de bord',
    officersPanel: 'Panneau des officiers',
    settings: 'Paramètres',
  },
  clusterTypes: 'Types de clusters',
  signIn: 'Se connecter',
  session: {
    logout: 'Se déconnecter',
    loggingOut: 'Déconnexion...',
    loggedOut: 'Déconnexion réussie',
    logoutFailed: 'Échec de la déconnexion',
  },
  login: 'Connexion',
  accountLoading: 'Vérification de votre session',
  avatar: {
    open: 'Ouvrir le menu du compte de {{name}}',
    organization: 'Organisation',
    billingId: 'ID de facturation',
    notAvailable: 'N/D',
  },
  mobile: {
    open: 'Ouvrir le menu',
    close: 'Fermer le menu',
    title: 'Menu',
    signedInAs: 'Connecté en tant que',
    signedOut: 'Découvrez Clusterdeck ou connectez-vous pour gérer vos clusters.',
    preferences: 'Préférences',
  },
}
