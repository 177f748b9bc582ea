/**
 * The seeded demo accounts (server/db/seed/demo-accounts.ts, which the web app may not import):
 * what each one shows off.
 */
export const DEMO_ACCOUNTS = [
  { username: 'demo', name: 'Dana Demo', description: 'verifiedCustomer' },
  { username: 'newcomer', name: 'Noa Newcomer', description: 'unverifiedEmail' },
  { username: 'secure', name: 'Sam Secure', description: 'twoFactor' },
  { username: 'admin', name: 'Alex Admin', description: 'organizationAdmin' },
  { username: 'officer', name: 'Olivia Officer', description: 'officer' },
  { username: 'superadmin', name: 'Sacha Super', description: 'platformOperator' },
] as const
