import path from 'node:path'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { createDatabase } from './db/client.ts'
import { ensureDatabase } from './db/databases.ts'
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres.ts'
import { migrateDatabase } from './db/migrate.ts'
import { seedDatabase } from './db/seed/index.ts'
import { scheduleAccounts, startAccountWorkers } from './jobs/accounts.ts'
import { scheduleBilling, startBillingWorkers } from './jobs/billing.ts'
import { startJobQueue } from './jobs/queue.ts'
import { startEmailWorker } from './jobs/send-email.ts'
import { scheduleSupportSweep } from './jobs/support.ts'
import { createMailer } from './lib/mailer.ts'
import { createLogger } from './logger.ts'
import { sealPlainTotpSecrets } from './modules/auth/index.ts'
import { startKubeApiListener } from './modules/clusters/index.ts'
import { createRatesService } from './modules/rates/index.ts'
import { startInboundMail } from './modules/support/index.ts'
import { scheduleMaintenanceSweep, startProvisioningWorkers } from './provisioning/index.ts'
import { createProvisioningHooks } from './provisioning-hooks.ts'
import { startRealtimeHub } from './realtime/hub.ts'
import { buildWorkerHealthApp } from './worker-health.ts'

const SHUTDOWN_DEADLINE_MS = 9_000
const EMBEDDED_DATABASE = 'clusterdeck'

/** `--role=web|worker|all`: the HTTP server, the job workers, or both (the default). */
const role = (process.argv.find((argument) => argument.startsWith('--role='))?.split('=')[1] ?? 'all') as
  | 'web'
  | 'worker'
  | 'all'

async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(config)
  // Until the server is up, a signal just ends the process: exiting runs the embedded database's
  // exit hook, which stops it (a signal's default action would leave it running).
  const exitDuringStartup = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'stopped during start-up')
    logger.flush?.()
    process.exit(0)
  }
  process.once('SIGTERM', exitDuringStartup)
  process.once('SIGINT', exitDuringStartup)

  let embedded: EmbeddedPostgres | undefined
  let databaseUrl = config.databaseUrl
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'pg'),
      log: (line) => logger.debug({ postgres: line }),
    })
    databaseUrl = await ensureDatabase(embedded.url, EMBEDDED_DATABASE)
    logger.info({ port: embedded.port, dataDir: embedded.dataDir }, 'embedded PostgreSQL started')
  }

  const db = createDatabase(databaseUrl)
  await migrateDatabase(db, { notice: (message) => logger.warn(message) })
  await seedDatabase(db, {
    // The demo accounts' password is public: they exist only on a developer's own machine.
    demoData: config.devRoutes,
    demoBilling: config.isProduction ? undefined : { secretsKey: config.secretsKey },
  })
  // TOTP seeds stored in plain text (before they were sealed, or by the demo seed) are sealed now.
  const sealedSeeds = await sealPlainTotpSecrets(db, config.secretsKey)
  if (sealedSeeds > 0) logger.info({ sealedSeeds }, 'sealed the TOTP seeds stored in plain text')
  const queue = await startJobQueue(databaseUrl, {
    log: (error) => logger.error({ err: error }, 'job queue error'),
    schedule: role !== 'web',
  })
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db,
    secretsKey: config.secretsKey,
  })
  if (role !== 'web') await startEmailWorker(queue, mailer, { secretsKey: config.secretsKey })
  const realtime = await startRealtimeHub(databaseUrl, logger)
  const rates = createRatesService({
    primaryUrl: config.ratesPrimaryUrl,
    backupUrl: config.ratesBackupUrl,
    log: logger,
  })
  const ctx = { config, db, queue, realtime, rates, provisioningHooks: createProvisioningHooks() }
  if (role !== 'web') await startProvisioningWorkers(ctx)
  if (role !== 'web') await scheduleMaintenanceSweep(ctx)
  if (role !== 'web') await startBillingWorkers(ctx)
  if (role !== 'web') await scheduleBilling(ctx)
  if (role !== 'web') await scheduleSupportSweep(ctx)
  if (role !== 'web') await startAccountWorkers(ctx)
  if (role !== 'web') await scheduleAccounts(ctx)
  // A worker serves its health alone on PORT, for its probes.
  const workerHealth =
    role === 'worker' ? await buildWorkerHealthApp(ctx, { loggerInstance: logger }) : undefined
  if (workerHealth) {
    await workerHealth.listen({ port: config.port, host: config.host })
    logger.info({ host: config.host, port: config.port }, 'job workers started; /healthz and /readyz answer')
  }
  const inboundMail =
    role !== 'worker' && config.inboundMail.port !== undefined
      ? await startInboundMail(ctx, {
          port: config.inboundMail.port,
          host: config.host,
          tls: config.inboundMail.tls,
          log: (error) => logger.error({ err: error }, 'inbound mail error'),
        })
      : undefined
  if (inboundMail)
    logger.info(
      { port: inboundMail.port, starttls: Boolean(config.inboundMail.tls) },
      'listening for ticket replies by mail',
    )
  // The simulated clusters answer kubectl on their own TLS port (docs/decisions/031-cluster-api-endpoint.md).
  const kubeApi =
    role !== 'worker' && config.provisioning.driver === 'simulated'
      ? await startKubeApiListener(ctx, {
          port: config.kubeApi.port,
          host: config.host,
          log: (message, fields) => logger.debug(fields ?? {}, message),
        })
      : undefined
  if (kubeApi)
    logger.info(
      { port: kubeApi.port, url: config.kubeApi.url },
      'serving the simulated clusters’ Kubernetes API',
    )
  const app = await buildApp(ctx, { loggerInstance: logger })

  if (role !== 'worker') {
    await app.listen({ port: config.port, host: config.host })
    logger.info({ host: config.host, port: config.port }, `Clusterdeck is serving ${config.appUrl}`)
  }

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down: draining requests')
    const deadline = setTimeout(() => {
      logger.error('shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS)
    deadline.unref()
    // A keep-alive connection whose request finishes during the drain would otherwise stay open
    // until the client hangs up, holding the close up past the deadline.
    const closeIdleConnections = setInterval(() => app.server.closeIdleConnections(), 200)
    closeIdleConnections.unref()
    try {
      await app.close()
      await workerHealth?.close()
      await inboundMail?.close()
      await kubeApi?.close()
      clearInterval(closeIdleConnections)
      await realtime.close()
      await queue.stop()
      mailer.close()
      await db.$client.end()
      await embedded?.stop()
      logger.info('stopped')
      logger.flush?.()
      process.exit(0)
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed')
      await embedded?.stop().catch(() => {})
      process.exit(1)
    }
  }
  process.off('SIGTERM', exitDuringStartup)
  process.off('SIGINT', exitDuringStartup)
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
