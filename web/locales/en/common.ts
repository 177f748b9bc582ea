export const common = {
  appName: 'Clusterdeck',
  loading: 'Loading...',
  loadingDashboard: 'Loading dashboard...',
  loadingConfiguration: 'Loading configuration...',
  comingSoon: 'This page is being built. Its content arrives with a coming release.',
  backHome: 'Back to the home page',
  language: 'Language',
  english: 'English',
  french: 'Français',
  retry: 'Try again',
  copied: 'Copied!',
  /** The cluster types' names as customers read them (the catalog's colours stay internal). */
  clusterTypes: {
    blue: 'Standard',
    red: 'Enterprise',
    green: 'Economy',
    data: 'Data Analytics',
    ai: 'AI/ML',
    orange: 'Dev/Test',
    sandbox: 'Sandbox',
  },
}
