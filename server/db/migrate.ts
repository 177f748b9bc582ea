import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { Database } from './client.ts'

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Applies the committed SQL migrations on one connection, under an advisory lock that keeps
 * concurrent instances in line. What a migration says with RAISE NOTICE is meant for the operator
 * (e.g. 0016 when the database role may not protect the audit log): it goes to `notice`.
 */
export async function migrateDatabase(
  db: Database,
  options: { notice?: (message: string) => void } = {},
): Promise<void> {
  const client = await db.$client.connect()
  const forward = (message: { message?: string; where?: string }) => {
    if (message.where?.includes('at RAISE') && message.message) options.notice?.(message.message)
  }
  client.on('notice', forward)
  try {
    await client.query('SELECT pg_advisory_lock(7215001)')
    await migrate(drizzle({ client }), { migrationsFolder })
  } finally {
    client.off('notice', forward)
    await client.query('SELECT pg_advisory_unlock(7215001)').catch(() => {})
    client.release()
  }
}
