import type { preferences as english } from '../en/preferences.ts'

export const preferences: typeof english = {
  theme: {
    label: 'Thème',
    change: 'Changer de thème',
    light: 'Clair',
    dark: 'Sombre',
    system: 'Système',
  },
  currency: {
    label: 'Devise',
    change: 'Changer de devise, actuellement {{currency}}',
    USD: 'Dollar américain',
    GBP: 'Livre sterling',
    EUR: 'Euro',
    ratesUpdated: 'Taux mis à jour {{time}}',
    ratesLoading: 'Chargement des taux de change...',
  },
  language: {
    label: 'Langue',
    change: 'Changer de langue, actuellement {{language}}',
    en: 'English',
    fr: 'Français',
  },
  billingCycle: {
    label: 'Cycle de facturation',
    monthly: 'Mensuel',
    yearly: 'Annuel',
  },
}
