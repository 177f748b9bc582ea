/**
 * Starts the real server for the browser tests on a fresh embedded PostgreSQL in a temporary
 * data folder, with the local server that speaks Stripe's API beside it, and removes the folder
 * when the server has stopped.
 */
import { rmSync } from 'node:fs'
import {
  createDataDir,
  LOOPBACK_LIMITS,
  OFFLINE_RATES,
  spawnServerProcess,
} from '../../../scripts/server-process.ts'
import { startDnsServer } from '../../helpers/dns-server.ts'
import { startStripeApiServer } from '../../helpers/stripe-api-server.ts'
import { stripePortFor } from './stripe.ts'

const dataDir = createDataDir('clusterdeck-e2e-')
const port = Number(process.env.PORT ?? '4310')
const appUrl = process.env.APP_URL ?? `http://localhost:${port}`
// The simulated clusters' Kubernetes API: two above the app (Stripe's stand-in is one above).
const kubeApiPort = port + 2
const stripe = await startStripeApiServer({ port: stripePortFor(port), holdWebhooks: true })
stripe.setWebhookUrl(`${appUrl}/api/billing/stripe-webhook`)
// Customers' webhook URLs are resolved before they are saved: the tests' names resolve here.
const dns = await startDnsServer({ 'hooks.example.com': { A: ['93.184.215.14'] } })

const server = spawnServerProcess(
  {
    NODE_ENV: 'test',
    PORT: String(port),
    APP_URL: appUrl,
    KUBE_API_PORT: String(kubeApiPort),
    KUBE_API_URL: `https://localhost:${kubeApiPort}`,
    WEB_CLIENT_DIR: `${process.env.BUILD_DIR ?? 'build'}/client`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...LOOPBACK_LIMITS,
    // A cluster comes up in about five seconds: long enough to watch, short enough to test.
    PROVISIONING_SPEED: process.env.PROVISIONING_SPEED ?? '40',
    ...OFFLINE_RATES,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    OUTBOUND_DNS_SERVERS: dns.address,
    // The billing screens show the bank transfer details, offered only with an account.
    SELLER_IBAN: 'FR7630004000031234567890143',
    SELLER_BIC: 'BNPAFRPPXXX',
  },
  { stdio: 'inherit' },
)

const stop = (signal: NodeJS.Signals) => server.kill(signal)
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
server.on('exit', async (code) => {
  await stripe.close()
  await dns.close()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
