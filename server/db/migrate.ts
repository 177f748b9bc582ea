import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { Database } from './client.ts'

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Applies the committed SQL migrations; an advisory lock keeps concurrent instances in line. */
export async function migrateDatabase(db: Database): Promise<void> {
  const client = await db.$client.connect()
  try {
    await client.query('SELECT pg_advisory_lock(7215001)')
    await migrate(db, { migrationsFolder })
  } finally {
    await client.query('SELECT pg_advisory_unlock(7215001)').catch(() => {})
    client.release()
  }
}
