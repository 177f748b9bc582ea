/**
 * Applies the committed migrations to DATABASE_URL (the server also does this at start).
 * Usage: DATABASE_URL=postgres://… npm run db:migrate
 */
import { loadConfig } from '../server/config.ts'
import { createDatabase } from '../server/db/client.ts'
import { migrateDatabase } from '../server/db/migrate.ts'

const config = loadConfig()
if (!config.databaseUrl) {
  console.error(
    'Set DATABASE_URL to the PostgreSQL server to migrate (npm start migrates the embedded one by itself).',
  )
  process.exit(1)
}
const db = createDatabase(config.databaseUrl)
await migrateDatabase(db, { notice: (message) => console.warn(message) })
await db.$client.end()
console.log('Database migrated')
