import { createHash, randomBytes } from 'node:crypto'
import { Resolver } from 'node:dns'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { createSecureContext } from 'node:tls'
import { z } from 'zod'
import { LANGUAGES, type Language } from '#common/language.ts'
import type { SellerIdentity } from '#common/seller-identity.ts'
import { type OutboundSettings, parseRange } from './lib/outbound.ts'
import {
  CLUSTER_API_GENERATIONS,
  type ClusterApiSettings,
  infrastructureProvider,
  type ProviderSettings,
  REQUIRED_PROVIDER_SETTINGS,
} from './provisioning/index.ts'
import { SellerConfigError, sellerEnvironmentShape, sellerIdentityOf } from './seller-config.ts'

const SESSION_SECRET_MIN_LENGTH = 32

/** Every environment variable the server reads, parsed once at start-up. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address to listen on: 127.0.0.1 outside production, 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The port of the simulated clusters' Kubernetes API (TLS); 0 picks a free one. */
  KUBE_API_PORT: z.coerce.number().int().min(0).max(65535).default(6443),
  /** The address kubeconfigs give kubectl for that API; https://localhost:<KUBE_API_PORT> by default. */
  KUBE_API_URL: z.url({ protocol: /^https$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SESSION_SECRET: z
    .string()
    .min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`)
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Clusterdeck <no-reply@clusterdeck.eu>'),
  /** Where the lead forms of the public site (contact sales, quotes, demos…) are mailed. */
  SALES_INBOX: z.email().default('sales@clusterdeck.eu'),
  /** The language the sales team reads those mails in. */
  SALES_INBOX_LANGUAGE: z.enum(LANGUAGES).default('en'),
  /** When set, the server listens for replies to support tickets by mail on this port (SMTP). */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** The domain of ticket reply addresses (support+<token>@domain); MAIL_FROM's by default. */
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a domain name')
    .optional(),
  /**
   * The certificate and key (PEM files) that turn on STARTTLS on the inbound SMTP listener; both
   * or neither.
   */
  INBOUND_SMTP_TLS_CERT: z.string().min(1).optional(),
  INBOUND_SMTP_TLS_KEY: z.string().min(1).optional(),
  /** How many tickets and tracking mails one address may ask for in LEAD_RATE_LIMIT_WINDOW_SECONDS. */
  SUPPORT_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
  /** Megabytes of files one organization (or one visitor's address) may send the desk in 24 hours. */
  SUPPORT_UPLOAD_MB_PER_DAY: z.coerce.number().positive().default(200),
  /** Tickets and replies (the requests that may carry files) one organization may send per hour. */
  SUPPORT_REQUESTS_PER_HOUR: z.coerce.number().int().positive().default(120),
  RATES_PRIMARY_URL: z.url().default('https://open.er-api.com/v6/latest/USD'),
  RATES_BACKUP_URL: z.url().default('https://api.frankfurter.app/latest?from=USD'),
  DATA_DIR: z.string().min(1).default('.data'),
  /**
   * The proxies whose X-Forwarded-For is read (so per-IP limits and the audit log see the client):
   * their addresses and CIDR ranges, separated by commas; never every sender.
   */
  TRUST_PROXY: z.string().default('false'),
  WEB_CLIENT_DIR: z.string().min(1).default('build/client'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How many requests per IP a guessable route accepts in RATE_LIMIT_WINDOW_SECONDS. */
  RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** How many times one IP may send each lead form in LEAD_RATE_LIMIT_WINDOW_SECONDS. */
  LEAD_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(5),
  LEAD_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** Failed logins one account may have in LOGIN_LOCK_WINDOW_SECONDS before it is locked out. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_LOCK_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Who builds clusters: `simulated` (realistic, nothing real) or `clusterapi` (a management cluster). */
  PROVISIONING_DRIVER: z.enum(['simulated', 'clusterapi']).default('simulated'),
  /** Divides the simulated driver's step durations: 1 is realistic, 100 is a test run. */
  PROVISIONING_SPEED: z.coerce.number().positive().max(100_000).default(1),
  /** Share of simulated steps that fail, 0–1 (0 unless a failure drill asks for it). */
  PROVISIONING_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** The kubeconfig of the Cluster API management cluster (the clusterapi driver). */
  KUBECONFIG: z.string().min(1).optional(),
  /**
   * The Cluster API types the clusterapi driver sends: `v1beta2` (Cluster API 1.11 and later, each
   * provider's current version) or `v1beta1` for a management cluster that does not serve them yet.
   */
  CLUSTERAPI_API_VERSIONS: z.enum(CLUSTER_API_GENERATIONS).default('v1beta2'),
  /** The Scaleway project clusters are built in (its UUID): ScalewayCluster requires it. */
  CLUSTERAPI_SCALEWAY_PROJECT_ID: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      'must be a project id (a lowercase UUID)',
    )
    .optional(),
  /** The DigitalOcean SSH keys put on droplets (ids or fingerprints, comma-separated): DOMachineTemplate requires one. */
  CLUSTERAPI_DIGITALOCEAN_SSH_KEYS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== '')
        .map((key) => (/^\d+$/.test(key) ? Number(key) : key)),
    )
    .refine((keys) => keys.length > 0, 'must name at least one SSH key id or fingerprint')
    .optional(),
  /**
   * The AES-256-GCM key of the secrets kept in the database (installations' passwords): 32 bytes,
   * base64. Required in production; elsewhere derived from the session secret.
   */
  SECRETS_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /** Card and SEPA payments through Stripe; without both keys only bank transfer is offered. */
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Another address for Stripe's API (a local server that speaks it, in tests). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The DNS servers (`ip` or `ip:port`, comma-separated) that resolve customers' URLs; the system's by default. */
  OUTBOUND_DNS_SERVERS: z
    .string()
    .transform((value) => value.split(',').map((server) => server.trim()))
    .refine(validDnsServers, 'must be IP addresses with an optional port, comma-separated')
    .optional(),
  /** Addresses or CIDR ranges customers' URLs may reach although not public: tests and development only. */
  OUTBOUND_ALLOW_ADDRESSES: z
    .string()
    .transform((value) => value.split(',').map((range) => range.trim()))
    .refine(
      (ranges) => ranges.every((range) => parseRange(range)),
      'must be IP addresses or CIDR ranges, comma-separated',
    )
    .optional(),
  /** The operator's legal identity (SELLER_*): server/seller-config.ts. */
  ...sellerEnvironmentShape,
})

/** Every variable the server reads: a child process started by tests or benchmarks gets none of the caller's. */
export const SERVER_ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(environmentSchema.shape)

export type Config = {
  env: 'development' | 'production' | 'test'
  isProduction: boolean
  port: number
  host: string
  /** `/api/dev-login`, `/dev/mailbox` and the other development helpers: outside production, on loopback only. */
  devRoutes: boolean
  appUrl: string
  appOrigin: string
  /** The simulated clusters' Kubernetes API listener (server/modules/clusters/control-plane/). */
  kubeApi: { port: number; url: string }
  databaseUrl: string | undefined
  sessionSecret: string
  /** The key of server/lib/secrets.ts (32 bytes). */
  secretsKey: Buffer
  smtpUrl: string | undefined
  mailFrom: string
  salesInbox: { email: string; language: Language }
  inboundMail: {
    port: number | undefined
    domain: string
    /** PEM certificate and key: STARTTLS is offered only with them. */
    tls: { cert: Buffer; key: Buffer } | undefined
  }
  supportRateLimitPerEmail: number
  supportUploads: { bytesPerDay: number; requestsPerHour: number }
  ratesPrimaryUrl: string
  ratesBackupUrl: string
  dataDir: string
  /** Fastify's `trustProxy`: false, or the proxies' addresses and CIDR ranges. */
  trustProxy: TrustedProxies
  webClientDir: string
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL']
  rateLimit: { perIp: number; windowSeconds: number }
  leadRateLimit: { perIp: number; windowSeconds: number }
  loginLockout: { maxFailures: number; windowSeconds: number }
  provisioning: {
    driver: 'simulated' | 'clusterapi'
    speed: number
    failureRate: number
    kubeconfigPath: string | undefined
    /** With the simulated driver, the `server` its kubeconfigs name: KUBE_API_URL (the clusters' Kubernetes API listener). */
    kubeApiUrl: string | undefined
    /** What the clusterapi driver renders with: API versions and the providers' settings. */
    clusterApi: ClusterApiSettings
  }
  /** The guard of every URL a customer gives (server/lib/outbound.ts). */
  outbound: OutboundSettings
  /** Undefined unless both Stripe keys are set. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined
  /** Who issues the invoices and whom the legal pages name. */
  seller: SellerIdentity
}

export type TrustedProxies = false | string[]

export class ConfigError extends Error {}

/**
 * Parses the environment into a Config. A bad value throws a ConfigError whose message is one
 * line naming the variable, which main.ts prints before exiting.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''))
  const parsed = environmentSchema.safeParse(blankless)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`)
  }
  const values = parsed.data
  const isProduction = values.NODE_ENV === 'production'
  if (isProduction && !values.SESSION_SECRET) {
    throw new ConfigError('Invalid environment variable SESSION_SECRET: required in production')
  }
  if (isProduction && !values.SECRETS_KEY) {
    throw new ConfigError('Invalid environment variable SECRETS_KEY: required in production')
  }
  if (isProduction && values.OUTBOUND_ALLOW_ADDRESSES) {
    throw new ConfigError(
      'Invalid environment variable OUTBOUND_ALLOW_ADDRESSES: not allowed in production (customers’ URLs must lead to public addresses)',
    )
  }
  const dataDir = path.resolve(values.DATA_DIR)
  const seller = sellerIdentityFrom(values)
  const sessionSecret = values.SESSION_SECRET ?? developmentSessionSecret(dataDir)
  const appUrl = (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, '')
  const host = values.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1')
  const kubeApiUrl = (values.KUBE_API_URL ?? `https://localhost:${values.KUBE_API_PORT}`).replace(/\/$/, '')
  return {
    env: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host,
    devRoutes: !isProduction && isLoopbackHost(host),
    appUrl,
    appOrigin: new URL(appUrl).origin,
    kubeApi: {
      port: values.KUBE_API_PORT,
      url: kubeApiUrl,
    },
    databaseUrl: values.DATABASE_URL,
    sessionSecret,
    secretsKey: values.SECRETS_KEY
      ? Buffer.from(values.SECRETS_KEY, 'base64')
      : createHash('sha256').update(`secrets-key:${sessionSecret}`).digest(),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    salesInbox: { email: values.SALES_INBOX, language: values.SALES_INBOX_LANGUAGE },
    inboundMail: {
      port: values.INBOUND_SMTP_PORT,
      domain: values.INBOUND_MAIL_DOMAIN ?? values.MAIL_FROM.match(/@([^>\s]+)/)?.[1] ?? 'clusterdeck.eu',
      tls: inboundTls(values.INBOUND_SMTP_TLS_CERT, values.INBOUND_SMTP_TLS_KEY),
    },
    supportRateLimitPerEmail: values.SUPPORT_RATE_LIMIT_PER_EMAIL,
    supportUploads: {
      bytesPerDay: Math.round(values.SUPPORT_UPLOAD_MB_PER_DAY * 1024 * 1024),
      requestsPerHour: values.SUPPORT_REQUESTS_PER_HOUR,
    },
    ratesPrimaryUrl: values.RATES_PRIMARY_URL,
    ratesBackupUrl: values.RATES_BACKUP_URL,
    dataDir,
    trustProxy: trustedProxies(values.TRUST_PROXY),
    webClientDir: path.resolve(values.WEB_CLIENT_DIR),
    logLevel: values.LOG_LEVEL,
    rateLimit: { perIp: values.RATE_LIMIT_PER_IP, windowSeconds: values.RATE_LIMIT_WINDOW_SECONDS },
    leadRateLimit: {
      perIp: values.LEAD_RATE_LIMIT_PER_IP,
      windowSeconds: values.LEAD_RATE_LIMIT_WINDOW_SECONDS,
    },
    loginLockout: { maxFailures: values.LOGIN_MAX_FAILURES, windowSeconds: values.LOGIN_LOCK_WINDOW_SECONDS },
    provisioning: {
      driver: values.PROVISIONING_DRIVER,
      speed: values.PROVISIONING_SPEED,
      failureRate: values.PROVISIONING_FAILURE_RATE,
      kubeconfigPath: values.KUBECONFIG,
      // Only the simulated driver's clusters are served by the listener.
      kubeApiUrl: values.PROVISIONING_DRIVER === 'simulated' ? kubeApiUrl : undefined,
      clusterApi: clusterApiSettings(values),
    },
    outbound: {
      dnsServers: values.OUTBOUND_DNS_SERVERS,
      allowedRanges: values.OUTBOUND_ALLOW_ADDRESSES ?? [],
      httpsOnly: isProduction,
    },
    stripe:
      values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: values.STRIPE_SECRET_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            apiUrl: values.STRIPE_API_URL,
          }
        : undefined,
    seller,
  }
}

/**
 * The clusterapi driver's settings. With that driver selected, every setting a provider's CRD
 * requires must be given: the objects would be refused by the management cluster otherwise.
 */
function clusterApiSettings(values: z.infer<typeof environmentSchema>): ClusterApiSettings {
  const providers: ProviderSettings = {
    scalewayProjectId: values.CLUSTERAPI_SCALEWAY_PROJECT_ID,
    digitalOceanSshKeys: values.CLUSTERAPI_DIGITALOCEAN_SSH_KEYS,
  }
  if (values.PROVISIONING_DRIVER === 'clusterapi')
    for (const { variable, setting, provider } of REQUIRED_PROVIDER_SETTINGS)
      if (providers[setting] === undefined)
        throw new ConfigError(
          `Invalid environment variable ${variable}: required with PROVISIONING_DRIVER=clusterapi (${infrastructureProvider(provider)!.title} needs it: ${REQUIRED_BECAUSE[setting]})`,
        )
  return { generation: values.CLUSTERAPI_API_VERSIONS, providers }
}

const REQUIRED_BECAUSE: Record<keyof ProviderSettings, string> = {
  scalewayProjectId: 'ScalewayCluster requires spec.projectID',
  digitalOceanSshKeys: 'DOMachineTemplate requires spec.template.spec.sshKeys',
}

function sellerIdentityFrom(values: z.infer<typeof environmentSchema>): SellerIdentity {
  try {
    return sellerIdentityOf(values)
  } catch (error) {
    if (error instanceof SellerConfigError)
      throw new ConfigError(`Invalid environment variable ${error.variable}: ${error.message}`)
    throw error
  }
}

/** The inbound listener's certificate and key, read and checked at start-up: both files or neither. */
function inboundTls(certPath: string | undefined, keyPath: string | undefined) {
  if (!certPath && !keyPath) return undefined
  if (!certPath)
    throw new ConfigError(
      'Invalid environment variable INBOUND_SMTP_TLS_CERT: required with INBOUND_SMTP_TLS_KEY',
    )
  if (!keyPath)
    throw new ConfigError(
      'Invalid environment variable INBOUND_SMTP_TLS_KEY: required with INBOUND_SMTP_TLS_CERT',
    )
  const read = (variable: string, file: string) => {
    try {
      return readFileSync(file)
    } catch (error) {
      throw new ConfigError(
        `Invalid environment variable ${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      )
    }
  }
  const cert = read('INBOUND_SMTP_TLS_CERT', certPath)
  const key = read('INBOUND_SMTP_TLS_KEY', keyPath)
  try {
    createSecureContext({ cert, key })
  } catch (error) {
    throw new ConfigError(
      `Invalid environment variable INBOUND_SMTP_TLS_KEY: not a PEM key matching INBOUND_SMTP_TLS_CERT (${(error as Error).message})`,
    )
  }
  return { cert, key }
}

/** What `Resolver.setServers` takes: IP addresses, each with an optional port (`[v6]:port`). */
function validDnsServers(servers: string[]): boolean {
  try {
    new Resolver().setServers(servers)
    return servers.every((server) => server.length > 0)
  } catch {
    return false
  }
}

/** Names proxy-addr knows for the address ranges of one kind. */
const ADDRESS_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

/**
 * TRUST_PROXY: `false`, or the proxies' addresses and CIDR ranges, separated by commas: only a
 * request from one of them has its X-Forwarded-For read, from the right, up to the first address
 * that is not a proxy. `true` would take any sender's word for its address, and a number of hops
 * cannot tell a proxy from a client that reaches the server directly (Fastify ignores it): both
 * are refused.
 */
function trustedProxies(value: string): TrustedProxies {
  const refuse = (reason: string): never => {
    throw new ConfigError(`Invalid environment variable TRUST_PROXY: ${reason}`)
  }
  if (value === 'false') return false
  if (value === 'true')
    refuse(
      "true would take any client's X-Forwarded-For; give the addresses or CIDR ranges of the proxies in front (e.g. 10.0.0.0/8)",
    )
  if (/^\d+$/.test(value))
    refuse(
      'a number of proxies cannot tell a proxy from a client that reaches the server directly; give the addresses or CIDR ranges of the proxies in front (e.g. 10.0.0.0/8)',
    )
  const entries = value.split(',').map((entry) => entry.trim())
  for (const entry of entries) {
    if (!isAddressOrRange(entry))
      refuse(
        `"${entry}" is not an address or CIDR range; give false, or the addresses of the proxies in front separated by commas`,
      )
  }
  return entries
}

function isAddressOrRange(entry: string): boolean {
  if (ADDRESS_RANGE_NAMES.includes(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/** Whether HOST keeps the server to this machine: a loopback address or `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  if (address === 'localhost' || address === '::1') return true
  if (isIP(address) === 4) return address.startsWith('127.')
  return /^::ffff:127\./.test(address)
}

/**
 * Outside production the secret is generated once and kept, so sessions survive restarts. A kept
 * one shorter than SESSION_SECRET's minimum (an empty or cut-off file) is replaced.
 */
function developmentSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret')
  try {
    const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : ''
    if (kept.length >= SESSION_SECRET_MIN_LENGTH) return kept
    mkdirSync(dataDir, { recursive: true })
    const secret = randomBytes(32).toString('base64url')
    writeFileSync(file, `${secret}\n`, { mode: 0o600 })
    return secret
  } catch (error) {
    throw new ConfigError(
      `Invalid environment variable DATA_DIR: cannot keep the session secret in ${dataDir} (${(error as Error).message})`,
    )
  }
}
