/**
 * Demo accounts for local use (listed in the README). They are seeded outside production only.
 * The TOTP secret is public on purpose: add it to any authenticator app to sign in as `secure`.
 */
export const DEMO_PASSWORD = 'clusterdeck-demo-2026'
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

export const DEMO_ORGANIZATIONS = [
  { key: 'customer', name: 'Demo Company', billingId: 'CD-DEMO-001' },
  { key: 'operator', name: 'Clusterdeck Operations', billingId: 'CD-OPERATOR' },
] as const

type DemoAccount = {
  username: string
  name: string
  organization: (typeof DEMO_ORGANIZATIONS)[number]['key']
  role: 'user' | 'admin' | 'super_admin'
  isOfficer: boolean
  emailVerified: boolean
  mfa: boolean
  description: string
  /** Key of the description in the web app's strings (auth.devLogin.accounts). */
  descriptionKey:
    | 'verifiedCustomer'
    | 'unverifiedEmail'
    | 'twoFactor'
    | 'organizationAdmin'
    | 'officer'
    | 'platformOperator'
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'demo',
    name: 'Dana Demo',
    organization: 'customer',
    role: 'user',
    isOfficer: false,
    emailVerified: true,
    mfa: false,
    description: 'verified customer',
    descriptionKey: 'verifiedCustomer',
  },
  {
    username: 'newcomer',
    name: 'Noa Newcomer',
    organization: 'customer',
    role: 'user',
    isOfficer: false,
    emailVerified: false,
    mfa: false,
    description: 'email not yet verified',
    descriptionKey: 'unverifiedEmail',
  },
  {
    username: 'secure',
    name: 'Sam Secure',
    organization: 'customer',
    role: 'user',
    isOfficer: false,
    emailVerified: true,
    mfa: true,
    description: 'TOTP two-factor authentication',
    descriptionKey: 'twoFactor',
  },
  {
    username: 'admin',
    name: 'Alex Admin',
    organization: 'customer',
    role: 'admin',
    isOfficer: false,
    emailVerified: true,
    mfa: false,
    description: 'organization admin',
    descriptionKey: 'organizationAdmin',
  },
  {
    username: 'officer',
    name: 'Olivia Officer',
    organization: 'operator',
    role: 'user',
    isOfficer: true,
    emailVerified: true,
    mfa: false,
    description: 'officer (officers panel)',
    descriptionKey: 'officer',
  },
  {
    username: 'superadmin',
    name: 'Sacha Super',
    organization: 'operator',
    role: 'super_admin',
    isOfficer: false,
    emailVerified: true,
    mfa: false,
    description: 'platform operator (super_admin)',
    descriptionKey: 'platformOperator',
  },
]

export const demoEmail = (username: string) => `${username}@clusterdeck.eu`
