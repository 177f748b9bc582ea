export const preferences = {
  theme: {
    label: 'Theme',
    change: 'Change theme',
    light: 'Light',
    dark: 'Dark',
    system: 'System',
  },
  currency: {
    label: 'Currency',
    change: 'Change currency, now {{currency}}',
    USD: 'US Dollar',
    GBP: 'British Pound',
    EUR: 'Euro',
    ratesUpdated: 'Rates updated {{time}}',
    ratesLoading: 'Loading exchange rates...',
  },
  language: {
    label: 'Language',
    change: 'Change language, now {{language}}',
    en: 'English',
    fr: 'Français',
  },
  billingCycle: {
    label: 'Billing cycle',
    monthly: 'Monthly',
    yearly: 'Yearly',
  },
}
