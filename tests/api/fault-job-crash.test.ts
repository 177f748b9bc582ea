import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, demoEmail } from '#common/demo-accounts.ts'
import { QUEUES } from '#server/jobs/queue.ts'
import { httpRequest, isAnswer } from '#tests/helpers/http.ts'
import { cleanUpServers, type ServerProcess, startServerProcess, waitUntil } from '#tests/helpers/process.ts'
import { createTestDatabase } from '#tests/helpers/server.ts'

/**
 * Fault: the server is SIGKILLed while mail jobs are queued and one is half done (its mail
 * delivered, the job not yet marked complete). Restarted on the same database, it delivers every
 * mail exactly once: pg-boss retries the jobs the dead worker held once their heartbeat stops,
 * and the outbox ignores a job it already delivered.
 */

const MAILS = 30
/** Each delivery is slowed down so the kill lands between a mail's delivery and its job's completion. */
const DELIVERY_DELAY_SECONDS = 1

const database = await createTestDatabase()
const sql = new pg.Pool({ connectionString: database.url, max: 2 })

afterAll(async () => {
  await cleanUpServers()
  await sql.end()
  await database.drop()
}, 30_000)

function startServer(): Promise<ServerProcess> {
  return startServerProcess(database.url, { RATE_LIMIT_PER_IP: '100000' })
}

async function count(query: string, values: unknown[] = []): Promise<number> {
  const { rows } = await sql.query<{ count: string }>(query, values)
  return Number(rows[0]!.count)
}

describe('a SIGKILL while mail jobs are queued', () => {
  it('delivers every mail exactly once after a restart on the same database', async () => {
    await sql.query(`
      CREATE FUNCTION slow_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_sleep(${DELIVERY_DELAY_SECONDS}); RETURN NEW; END $$;
      CREATE TRIGGER slow_delivery BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION slow_delivery();
    `)
    const first = await startServer()

    // Password reset requests for the demo accounts, every one answered (its job committed).
    const recipients = Array.from({ length: MAILS }, (_, index) =>
      demoEmail(DEMO_ACCOUNTS[index % DEMO_ACCOUNTS.length]!.username),
    )
    const answers = await Promise.all(
      recipients.map((email) =>
        httpRequest(`${first.baseUrl}/api/auth/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        }),
      ),
    )
    expect(answers.map((answer) => (isAnswer(answer) ? answer.status : answer.error))).toEqual(
      recipients.map(() => 200),
    )
    const jobs = await sql.query<{ id: string; to: string }>(
      `SELECT id, data->>'to' AS to FROM pgboss.job WHERE name = $1`,
      [QUEUES.sendEmail],
    )
    expect(jobs.rows).toHaveLength(MAILS)

    // Kill the moment a mail is in the outbox while its job is still active.
    const deliveredButActive = `
      SELECT count(*) FROM outbox JOIN pgboss.job ON pgboss.job.id = outbox.job_id
      WHERE pgboss.job.name = $1 AND pgboss.job.state = 'active'`
    await waitUntil(async () => (await count(deliveredButActive, [QUEUES.sendEmail])) > 0, {
      timeoutMs: 60_000,
      server: first,
      what: 'a mail delivered by a job not yet completed',
    })
    first.child.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })

    // The crash left a job half done and others still queued.
    expect(await count(deliveredButActive, [QUEUES.sendEmail])).toBeGreaterThan(0)
    expect(
      await count(`SELECT count(*) FROM pgboss.job WHERE name = $1 AND state = 'created'`, [
        QUEUES.sendEmail,
      ]),
    ).toBeGreaterThan(0)

    await sql.query('DROP TRIGGER slow_delivery ON outbox; DROP FUNCTION slow_delivery()')
    const second = await startServer()
    await waitUntil(
      async () =>
        (await count(`SELECT count(*) FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [
          QUEUES.sendEmail,
        ])) === MAILS,
      { timeoutMs: 120_000, server: second, what: 'every mail job to complete after the restart' },
    )

    const delivered = await sql.query<{ job_id: string; recipient: string; copies: string }>(
      `SELECT job_id, min(recipient) AS recipient, count(*) AS copies FROM outbox GROUP BY job_id`,
    )
    expect(delivered.rows.filter((row) => row.job_id === null)).toEqual([])
    expect(
      delivered.rows
        .map((row) => ({ jobId: row.job_id, to: row.recipient, copies: Number(row.copies) }))
        .sort((a, b) => a.jobId.localeCompare(b.jobId)),
    ).toEqual(
      jobs.rows
        .map((job) => ({ jobId: job.id, to: job.to, copies: 1 }))
        .sort((a, b) => a.jobId.localeCompare(b.jobId)),
    )
    // No mail job failed for good, and the restarted server is healthy. (Only mail jobs: a sweep the
    // kill caught mid-run fails for good by design, since the next one, a minute later, looks again.)
    expect(
      await count(`SELECT count(*) FROM pgboss.job WHERE name = $1 AND state = 'failed'`, [QUEUES.sendEmail]),
    ).toBe(0)
    second.child.kill('SIGTERM')
    expect(await second.exited).toEqual({ code: 0, signal: null })
  }, 300_000)
})
