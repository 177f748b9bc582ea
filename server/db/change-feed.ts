import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { type Listener, startListener } from './listener.ts'

/** The channel of server/db/migrations/0014_cache_invalidation.sql's triggers. */
export const CHANGES_CHANNEL = 'clusterdeck_changes'

const SYNC_PREFIX = 'sync:'
/** A sync that is not heard by then (a lost connection) stops waiting: the caches reset anyway. */
const SYNC_TIMEOUT_MS = 2_000

/** Who hears of changes: each topic as written, and a reset whenever changes may have been missed. */
export type ChangeSubscriber = { changed: (topic: string) => void; reset: () => void }

export type ChangeFeed = {
  subscribe: (subscriber: ChangeSubscriber) => void
  /**
   * Resolves once every change committed before the call has been heard here (PostgreSQL
   * delivers notifications in commit order), so a request answers only after its own writes
   * reached this instance's caches.
   */
  sync: () => Promise<void>
  /** Whether every change is heard right now; caches serve nothing while it is not. */
  isReliable: () => boolean
  close: () => Promise<void>
}

/**
 * What PostgreSQL's triggers say changed (`user:<id>`, `organization:<id>`,
 * `organization-data:<id>`, `notifications:<user id>`, `catalog`), whoever wrote it: this
 * instance, another one, or a person at psql.
 */
export async function startChangeFeed(
  pool: pg.Pool,
  warn: (error: unknown, message: string) => void,
): Promise<ChangeFeed> {
  const subscribers: ChangeSubscriber[] = []
  const syncs = new Map<string, () => void>()
  const instance = randomUUID()
  let lastSync = 0
  const resetAll = () => {
    for (const subscriber of subscribers) subscriber.reset()
    // Nothing waits on a connection that is gone: the caches are bypassed until it is back.
    for (const resolve of syncs.values()) resolve()
    syncs.clear()
  }
  const listener: Listener = await startListener(pool.options.connectionString ?? '', [CHANGES_CHANNEL], {
    notification: (_channel, topic) => {
      if (topic.startsWith(SYNC_PREFIX)) {
        syncs.get(topic)?.()
        syncs.delete(topic)
        return
      }
      for (const subscriber of subscribers) subscriber.changed(topic)
    },
    // Whatever was kept before may have changed unheard: start again from nothing.
    ready: resetAll,
    lost: resetAll,
    warn,
  })
  return {
    subscribe: (subscriber) => subscribers.push(subscriber),
    async sync() {
      if (!listener.isReady()) return
      const topic = `${SYNC_PREFIX}${instance}:${++lastSync}`
      const heard = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          syncs.delete(topic)
          resolve()
        }, SYNC_TIMEOUT_MS)
        syncs.set(topic, () => {
          clearTimeout(timer)
          resolve()
        })
      })
      try {
        await pool.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, topic])
      } catch {
        syncs.get(topic)?.()
        syncs.delete(topic)
      }
      await heard
    },
    isReliable: () => listener.isReady(),
    close: () => listener.close(),
  }
}
