import type { ChangeFeed } from '#server/db/change-feed.ts'
import type { Database } from '#server/db/client.ts'
import { InvalidatedCache } from '#server/lib/invalidated-cache.ts'
import { hashToken } from '#server/lib/tokens.ts'
import {
  type ActiveSession,
  activeSessionOf,
  readSession,
  type SessionRow,
  slidExpiry,
  slideIsDue,
  slideSessions,
} from './sessions.ts'

/** Signed-in sessions kept per instance; a dashboard with 10,000 open tabs fits. */
const CACHED_SESSIONS = 20_000
/** Slides of the idle expiry wait this long to be written together. */
const SLIDE_FLUSH_MS = 5_000

export type SessionStore = {
  /** The active session of a cookie's token, from memory when it can be trusted. */
  find: (token: string) => Promise<ActiveSession | undefined>
  /** Writes the waiting slides of idle expiries (at close, and every few seconds). */
  flush: () => Promise<void>
  close: () => Promise<void>
}

/**
 * Sessions stay server-side and revocable at once: a completed session is kept in memory only
 * while the change feed hears every change, and a change to the session, its user or its
 * organization (logout, role change, deactivation, on any instance) drops it. Sessions between
 * password and second factor are never kept.
 */
export function createSessionStore(db: Database, secret: string, changes: ChangeFeed): SessionStore {
  // Kept with the session as callers see it, made once per read or slide rather than per request.
  const cache = new InvalidatedCache<{ row: SessionRow; active: ActiveSession }>(changes, CACHED_SESSIONS)
  changes.subscribe({ changed: (topic) => cache.changed(topic), reset: () => cache.reset() })
  const slidesDue = new Set<string>()

  const flush = async () => {
    const idHashes = [...slidesDue]
    slidesDue.clear()
    await slideSessions(db, idHashes)
  }
  const flushTimer = setInterval(() => flush().catch(() => {}), SLIDE_FLUSH_MS)
  flushTimer.unref()

  // Kept by the cookie's token itself, in this process only: a hit costs no keyed hash.
  const find = async (token: string) => {
    const now = Date.now()
    let kept = cache.get(token)
    if (kept && (kept.row.expiresAt.getTime() <= now || kept.row.absoluteExpiresAt.getTime() <= now)) {
      cache.delete(token)
      kept = undefined
    }
    if (!kept) {
      const readAt = cache.generation()
      const row = await readSession(db, hashToken(secret, token))
      if (!row) return undefined
      kept = { row, active: activeSessionOf(row) }
      if (!row.mfaPending) {
        // The account answers whether the organization has bought: an order placed (organization-data) changes it.
        const organizationId = row.user.organizationId
        cache.set(
          token,
          kept,
          [`user:${row.user.id}`, `organization:${organizationId}`, `organization-data:${organizationId}`],
          readAt,
        )
      }
    }
    const { row } = kept
    if (slideIsDue(row, now)) {
      // The kept row slides at once; PostgreSQL's copy within SLIDE_FLUSH_MS.
      row.lastSeenAt = new Date(now)
      row.expiresAt = slidExpiry(row, now)
      kept.active = activeSessionOf(row)
      slidesDue.add(row.idHash)
    }
    return kept.active
  }

  return {
    find,
    flush,
    async close() {
      clearInterval(flushTimer)
      await flush().catch(() => {})
    },
  }
}
