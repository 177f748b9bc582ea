import { drizzle } from 'drizzle-orm/node-postgres'
import type { JobOptions } from 'pg-boss'
import type { JobQueue, QueueName } from '#server/jobs/queue.ts'
import type { Database, Transaction } from './client.ts'
import * as schema from './schema/index.ts'

/** Raw SQL on the transaction's connection: how pg-boss and NOTIFY join the transaction. */
type SqlExecutor = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> }

/** How a job is sent: its singleton key, priority, delay (pg-boss's options, the connection aside). */
export type EnqueueOptions = JobOptions

/**
 * A unit of work on the database alone: its changes (`tx`) and the notifications it publishes,
 * delivered by PostgreSQL only if it commits.
 */
export type DatabaseUnit = {
  readonly tx: Transaction
  /** A PostgreSQL NOTIFY on `channel`, delivered when the transaction commits. */
  notify: (channel: string, payload: string) => Promise<void>
}

/**
 * A unit of work: the changes of one transaction and the jobs (mails included) it sends, which
 * exist only if it commits. A job sent outside any change says so: `queue.sendNow`.
 */
export type UnitOfWork = DatabaseUnit & {
  enqueue: (queue: QueueName, data: object, options?: EnqueueOptions) => Promise<void>
}

/** What a unit that sends jobs is opened on: the pool and the job queue (a ServerContext will do). */
export type UnitSource = { db: Database; queue: JobQueue }

/**
 * Runs `work` in one transaction. Given the job queue beside the pool, the unit also sends jobs
 * in the transaction (`uow.enqueue`); given the pool alone, it changes data and notifies.
 */
export async function inTransaction<T>(source: UnitSource, work: (uow: UnitOfWork) => Promise<T>): Promise<T>
export async function inTransaction<T>(db: Database, work: (uow: DatabaseUnit) => Promise<T>): Promise<T>
export async function inTransaction<T>(
  source: UnitSource | Database,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  const { db, queue } = '$client' in source ? { db: source, queue: undefined } : source
  const client = await db.$client.connect()
  // A connection the server ends mid-transaction (PostgreSQL stopping) emits 'error' on the
  // checked-out client, where the pool listens no more: without a listener the process would
  // crash. The query in flight fails anyway, and the transaction with it.
  let lost: Error | undefined
  const onError = (error: Error) => {
    lost = error
  }
  client.on('error', onError)
  const executor: SqlExecutor = { executeSql: (text, values) => client.query(text, values as unknown[]) }
  const uow: UnitOfWork = {
    // The one place a handle becomes a Transaction (the brand exists only in types): the Drizzle
    // handle on the checked-out connection, whose first statement is the BEGIN below.
    tx: drizzle({ client, schema, casing: 'snake_case' }) as unknown as Transaction,
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload])
    },
    enqueue: async (name, data, options) => {
      // The overloads give a unit opened on the pool alone no enqueue to call.
      if (!queue) throw new Error('This unit of work was opened without the job queue')
      await queue.boss.send(name, data, { ...options, db: executor })
    },
  }
  try {
    await client.query('BEGIN')
    const result = await work(uow)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.off('error', onError)
    // A lost connection goes back destroyed, not to be lent again.
    client.release(lost)
  }
}
