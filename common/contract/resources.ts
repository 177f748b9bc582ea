/**
 * What the API's answers are made of, by name. An endpoint says which it reads and which it
 * changes; the web app keys its queries by what they read and, after a change, refreshes every
 * query that reads what changed — so no screen depends on another's paths.
 */
export const RESOURCES = [
  'session',
  'account',
  'accountSecurity',
  'apiTokens',
  'clusterCredentials',
  'notifications',
  'organization',
  'members',
  'invitations',
  'audit',
  'catalog',
  'rates',
  'clusters',
  'clusterTemplates',
  'orders',
  'products',
  'installations',
  'customSolutions',
  'billing',
  'invoices',
  'paymentMethods',
  'usage',
  'tickets',
  'leads',
  'officerReviews',
  'system',
  'gdprRequests',
  'registrations',
  'promotionRequests',
  'budgetAlerts',
] as const

export type Resource = (typeof RESOURCES)[number]
