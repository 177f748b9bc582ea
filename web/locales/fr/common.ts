import type { common as english } from '../en/common.ts'

export const common: typeof english = {
  appName: 'Clusterdeck',
  loading: 'Chargement...',
  loadingDashboard: 'Chargement du tableau de bord...',
  loadingConfiguration: 'Chargement de la configuration...',
  comingSoon: 'Cette page est en construction. Son contenu arrive avec une prochaine version.',
  backHome: "Retour à l'accueil",
  language: 'Langue',
  english: 'English',
  french: 'Français',
  retry: 'Réessayer',
  copied: 'Copié !',
  clusterTypes: {
    blue: 'Standard',
    red: 'Entreprise',
    green: 'Économie',
    data: 'Analyse de données',
    ai: 'IA/ML',
    orange: 'Dev/Test',
    sandbox: 'Sandbox',
  },
}
