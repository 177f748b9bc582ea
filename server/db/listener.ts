import pg from 'pg'

const RECONNECT_MS = 1_000

export type ListenerEvents = {
  notification: (channel: string, payload: string) => void
  /** LISTEN holds on every channel: from here on, no notification is missed. */
  ready?: () => void
  /** The connection is gone: notifications are missed until `ready` again. */
  lost?: () => void
  warn: (error: unknown, message: string) => void
}

export type Listener = {
  /** Whether LISTEN holds right now. */
  isReady: () => boolean
  close: () => Promise<void>
}

/**
 * A dedicated connection LISTENing on the given channels, reconnected a second after it drops.
 * Whoever relies on it learns when notifications may have been missed (`lost`) and when they
 * are reliable again (`ready`).
 */
export async function startListener(
  connectionString: string,
  channels: readonly string[],
  events: ListenerEvents,
): Promise<Listener> {
  let client: pg.Client | undefined
  let ready = false
  let closing = false
  let reconnectTimer: NodeJS.Timeout | undefined

  const connect = async () => {
    const current = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000, keepAlive: true })
    current.on('notification', (event) => {
      if (event.payload !== undefined) events.notification(event.channel, event.payload)
    })
    const scheduleReconnect = () => {
      if (closing || client !== current) return
      client = undefined
      if (ready) {
        ready = false
        events.lost?.()
      }
      current.end().catch(() => {})
      reconnectTimer = setTimeout(() => connect().catch(() => {}), RECONNECT_MS)
    }
    current.on('error', (error) => {
      events.warn(error, 'a LISTEN connection was lost')
      scheduleReconnect()
    })
    current.on('end', scheduleReconnect)
    client = current
    try {
      await current.connect()
      for (const channel of channels) await current.query(`LISTEN ${channel}`)
      if (client !== current || closing) return
      ready = true
      events.ready?.()
    } catch (error) {
      events.warn(error, 'a LISTEN connection could not start; retrying')
      scheduleReconnect()
    }
  }
  await connect()

  return {
    isReady: () => ready,
    async close() {
      closing = true
      clearTimeout(reconnectTimer)
      ready = false
      await client?.end().catch(() => {})
    },
  }
}
