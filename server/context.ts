import type { Config } from './config.ts'
import type { ChangeFeed } from './db/change-feed.ts'
import type { Database } from './db/client.ts'
import type { JobQueue } from './jobs/queue.ts'
import type { RatesService } from './modules/rates/index.ts'
import type { ProvisioningHooks } from './provisioning/index.ts'
import type { RealtimeHub } from './realtime/hub.ts'

/** What services need from the running server, built once in main.ts (or by a test). */
export type ServerContext = {
  config: Config
  db: Database
  queue: JobQueue
  realtime: RealtimeHub
  /** The exchange rates, one service and one cache for the whole process. */
  rates: RatesService
  /** What the provisioning engine asks of billing, notifications and the catalog (server/provisioning-hooks.ts). */
  provisioningHooks: ProvisioningHooks
}

/** What the app adds once built: the change feed its in-memory caches listen to. */
export type AppContext = ServerContext & { changes: ChangeFeed }
