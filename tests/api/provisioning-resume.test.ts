import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import { loadConfig } from '#server/config.ts'
import type { ServerContext } from '#server/context.ts'
import { createDatabase } from '#server/db/client.ts'
import { insertRunningCluster, plainConfiguration } from '#server/db/seed/running-cluster.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { QUEUES, startJobQueue } from '#server/jobs/queue.ts'
import { getCatalog } from '#server/modules/catalog/service.ts'
import { placeInstallationOrder } from '#server/modules/marketplace/service.ts'
import type { RatesService } from '#server/modules/rates/index.ts'
import { createProvisioningHooks } from '#server/provisioning-hooks.ts'
import type { RealtimeHub } from '#server/realtime/hub.ts'
import { clusterRecord, demoRequester, orderCluster, waitForClusterStatus } from '#tests/helpers/clusters.ts'
import { cleanUpServers, type ServerProcess, startServerProcess, waitUntil } from '#tests/helpers/process.ts'
import { createTestDatabase, TEST_SECRETS_KEY, TEST_SESSION_SECRET } from '#tests/helpers/server.ts'

/**
 * Fault: the server is SIGKILLed while a provisioning step (of a cluster, then of an installation) is being recorded as done (its nodes
 * written, the transaction not yet committed). Restarted on the same database, it resumes: the
 * step's job is retried once its heartbeat stops, the driver finds the step done, and the cluster
 * reaches running with every step applied once — one `step_succeeded` event per step, no
 * duplicate node, one "running" notification and mail.
 */

/** A creation takes about six seconds (210 s of simulated work), long enough to kill it midway. */
const SPEED = '35'
/** The completion of the node_pools step sleeps this long, so the kill lands inside it. */
const COMPLETION_DELAY_SECONDS = 3

const database = await createTestDatabase()
const sql = new pg.Pool({ connectionString: database.url, max: 2 })
const db = createDatabase(database.url, { max: 3 })
const environment = { PROVISIONING_SPEED: SPEED }
// This process only orders the cluster: it enqueues the first step and runs no worker.
const queue = await startJobQueue(database.url, { log: () => {} })
const ctx: ServerContext = {
  config: loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SESSION_SECRET,
    DATA_DIR: path.join(os.tmpdir(), 'clusterdeck-test-data'),
    ...environment,
  }),
  db,
  queue,
  realtime: undefined as unknown as RealtimeHub,
  rates: undefined as unknown as RatesService,
  provisioningHooks: createProvisioningHooks(),
}

afterAll(async () => {
  await cleanUpServers()
  await queue.stop()
  await db.$client.end()
  await sql.end()
  await database.drop()
}, 30_000)

function startServer(): Promise<ServerProcess> {
  return startServerProcess(database.url, environment)
}

async function count(query: string, values: unknown[] = []): Promise<number> {
  const { rows } = await sql.query<{ count: string }>(query, values)
  return Number(rows[0]!.count)
}

const sleepingBackends = `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'`

describe('a SIGKILL in the middle of provisioning', () => {
  it('resumes after a restart and reaches running with every step applied once', async () => {
    await sql.query(`
      CREATE FUNCTION slow_node_pools_completion() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.type = 'step_succeeded' AND NEW.data->>'step' = 'node_pools' THEN
            PERFORM pg_sleep(${COMPLETION_DELAY_SECONDS});
          END IF;
          RETURN NEW;
        END $$;
      CREATE TRIGGER slow_node_pools_completion BEFORE INSERT ON cluster_events
        FOR EACH ROW EXECUTE FUNCTION slow_node_pools_completion();
    `)
    const first = await startServer()
    const requester = await demoRequester(db)
    const { cluster } = await orderCluster(ctx, requester, 'resume-me')

    // Kill while the node_pools step's completion (nodes written, event being inserted) is open.
    await waitUntil(async () => (await count(sleepingBackends)) > 0, {
      timeoutMs: 30_000,
      server: first,
      what: 'the node_pools step to be recorded as done',
    })
    first.child.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })
    // PostgreSQL rolls the orphaned transaction back once its sleep ends.
    await waitUntil(async () => (await count(sleepingBackends)) === 0, {
      timeoutMs: 15_000,
      what: 'the rollback',
    })

    let record = await clusterRecord(db, cluster.id)
    expect(record.steps.map((step) => [step.name, step.status])).toEqual([
      ['network', 'succeeded'],
      ['control_plane', 'succeeded'],
      ['node_pools', 'running'],
      ['add_ons', 'pending'],
      ['health_check', 'pending'],
    ])
    // The completion was rolled back: the nodes stand as the step last left them while it waited,
    // the last one still joining (or none yet), never the finished list.
    expect(record.nodes.length === 0 || record.nodes.some((node) => node.status === 'provisioning')).toBe(
      true,
    )
    expect(record.events.filter((event) => event.type === 'step_succeeded')).toHaveLength(2)

    await sql.query('DROP TRIGGER slow_node_pools_completion ON cluster_events')
    const second = await startServer()
    await waitForClusterStatus(db, cluster.id, 'running', 90_000)

    record = await clusterRecord(db, cluster.id)
    expect(record.steps.map((step) => [step.name, step.status])).toEqual([
      ['network', 'succeeded'],
      ['control_plane', 'succeeded'],
      ['node_pools', 'succeeded'],
      ['add_ons', 'succeeded'],
      ['health_check', 'succeeded'],
    ])
    // The interrupted step began a second time (its job was retried); the others ran once.
    expect(record.steps.map((step) => step.attempts)).toEqual([1, 1, 2, 1, 1])
    expect(
      record.events.filter((event) => event.type === 'step_succeeded').map((event) => event.data.step),
    ).toEqual(['network', 'control_plane', 'node_pools', 'add_ons', 'health_check'])
    expect(record.transitions).toEqual(['pending→provisioning', 'provisioning→running'])
    expect(record.operations).toMatchObject([{ status: 'succeeded' }])
    expect(record.nodes).toHaveLength(3)
    expect(new Set(record.nodes.map((node) => node.internalIp)).size).toBe(3)

    expect(
      await count(`SELECT count(*) FROM notifications WHERE link = $1 AND title = 'Cluster running'`, [
        `/clusters/${cluster.id}`,
      ]),
    ).toBe(1)
    await waitUntil(
      async () =>
        (await count(`SELECT count(*) FROM outbox WHERE subject = 'Your cluster resume-me is running'`)) ===
        1,
      { timeoutMs: 30_000, server: second, what: 'the running mail' },
    )
    expect(
      await count(`SELECT count(*) FROM pgboss.job WHERE name = $1 AND state = 'failed'`, [
        QUEUES.clusterStep,
      ]),
    ).toBe(0)
    expect(
      await count(
        `SELECT count(*) FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
        [QUEUES.clusterStep],
      ),
    ).toBe(0)

    second.child.kill('SIGTERM')
    expect(await second.exited).toEqual({ code: 0, signal: null })
  }, 150_000)
})

describe('a SIGKILL in the middle of an installation', () => {
  it('resumes after a restart and reaches installed with every step applied once', async () => {
    await sql.query(`
      CREATE FUNCTION slow_release_completion() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.type = 'step_succeeded' AND NEW.message LIKE 'Apply release:%' THEN
            PERFORM pg_sleep(${COMPLETION_DELAY_SECONDS});
          END IF;
          RETURN NEW;
        END $$;
      CREATE TRIGGER slow_release_completion BEFORE INSERT ON installation_events
        FOR EACH ROW EXECUTE FUNCTION slow_release_completion();
    `)
    const requester = await demoRequester(db)
    const catalog = await getCatalog(db)
    const cluster = await inTransaction(db, ({ tx }) =>
      insertRunningCluster(tx, requester.organizationId, plainConfiguration('resume-apps'), {
        since: new Date(),
        catalog,
        secretsKey: Buffer.from(TEST_SECRETS_KEY, 'base64'),
      }),
    )
    const first = await startServer()
    const placed = await placeInstallationOrder(
      ctx,
      requester,
      {
        productId: 'cert-manager',
        clusterId: cluster.id,
        namespace: 'cert-manager',
        planId: null,
        version: '1.19',
        settings: {},
        currency: 'EUR',
        promoCode: null,
      },
      'resume-installation',
      FALLBACK_RATES,
    )
    const installationId = placed.order.installationId!

    await waitUntil(async () => (await count(sleepingBackends)) > 0, {
      timeoutMs: 30_000,
      server: first,
      what: 'the apply_release step to be recorded as done',
    })
    first.child.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })
    await waitUntil(async () => (await count(sleepingBackends)) === 0, {
      timeoutMs: 15_000,
      what: 'the rollback',
    })
    const stepsOf = async () =>
      (
        await sql.query<{ name: string; status: string; attempts: number }>(
          'SELECT name, status, attempts FROM installation_steps WHERE installation_id = $1 ORDER BY position',
          [installationId],
        )
      ).rows
    expect((await stepsOf()).map((step) => [step.name, step.status])).toEqual([
      ['prepare_namespace', 'succeeded'],
      ['apply_release', 'running'],
      ['wait_for_ready', 'pending'],
      ['publish_endpoints', 'pending'],
    ])

    await sql.query('DROP TRIGGER slow_release_completion ON installation_events')
    const second = await startServer()
    await waitUntil(
      async () =>
        (await count(`SELECT count(*) FROM installations WHERE id = $1 AND status = 'installed'`, [
          installationId,
        ])) === 1,
      { timeoutMs: 90_000, server: second, what: 'the installation to be installed' },
    )
    // The interrupted step began a second time; every step is recorded done once.
    expect(await stepsOf()).toEqual([
      { name: 'prepare_namespace', status: 'succeeded', attempts: 1 },
      { name: 'apply_release', status: 'succeeded', attempts: 2 },
      { name: 'wait_for_ready', status: 'succeeded', attempts: 1 },
      { name: 'publish_endpoints', status: 'succeeded', attempts: 1 },
    ])
    const { rows: events } = await sql.query<{ message: string }>(
      `SELECT message FROM installation_events WHERE installation_id = $1 AND type = 'step_succeeded' ORDER BY id`,
      [installationId],
    )
    expect(events.map((event) => event.message.split(':')[0])).toEqual([
      'Prepare namespace',
      'Apply release',
      'Wait for ready',
      'Publish endpoints',
    ])
    expect(
      await count(`SELECT count(*) FROM pgboss.job WHERE name = $1 AND state = 'failed'`, [
        QUEUES.installationStep,
      ]),
    ).toBe(0)
    second.child.kill('SIGTERM')
    expect(await second.exited).toEqual({ code: 0, signal: null })
  }, 150_000)
})
