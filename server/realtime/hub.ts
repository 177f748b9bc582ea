import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import type { WebSocket } from 'ws'
import { REALTIME_CHANNEL, type RealtimeEnvelope } from './publish.ts'

const HEARTBEAT_MS = 30_000
const RECONNECT_MS = 1_000

export type RealtimeHub = {
  attach: (userId: string, socket: WebSocket) => void
  connectionCount: () => number
  close: () => Promise<void>
}

/**
 * Keeps this instance's WebSocket clients by user and feeds them from a dedicated LISTEN
 * connection, so a message published by any instance reaches every instance's clients.
 */
export async function startRealtimeHub(
  connectionString: string,
  log: FastifyBaseLogger,
): Promise<RealtimeHub> {
  const socketsByUser = new Map<string, Set<WebSocket>>()
  const alive = new WeakSet<WebSocket>()
  let listener: pg.Client | undefined
  let closing = false
  let reconnectTimer: NodeJS.Timeout | undefined

  const deliver = (payload: string) => {
    let envelope: RealtimeEnvelope
    try {
      envelope = JSON.parse(payload)
    } catch {
      return
    }
    const sockets = socketsByUser.get(envelope.userId)
    if (!sockets) return
    const text = JSON.stringify(envelope.message)
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text)
  }

  const connect = async () => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000, keepAlive: true })
    client.on('notification', (event) => {
      if (event.channel === REALTIME_CHANNEL && event.payload) deliver(event.payload)
    })
    const scheduleReconnect = () => {
      if (closing || listener !== client) return
      listener = undefined
      client.end().catch(() => {})
      reconnectTimer = setTimeout(() => connect().catch(() => {}), RECONNECT_MS)
    }
    client.on('error', (error) => {
      log.warn({ err: error }, 'realtime listener lost its connection')
      scheduleReconnect()
    })
    client.on('end', scheduleReconnect)
    listener = client
    try {
      await client.connect()
      await client.query(`LISTEN ${REALTIME_CHANNEL}`)
    } catch (error) {
      log.warn({ err: error }, 'realtime listener could not connect; retrying')
      scheduleReconnect()
    }
  }
  await connect()

  // Sockets that did not answer the previous ping are dead: drop them.
  const heartbeat = setInterval(() => {
    for (const sockets of socketsByUser.values()) {
      for (const socket of sockets) {
        if (!alive.has(socket)) {
          socket.terminate()
          continue
        }
        alive.delete(socket)
        socket.ping()
      }
    }
  }, HEARTBEAT_MS)
  heartbeat.unref()

  return {
    attach(userId, socket) {
      alive.add(socket)
      socket.on('pong', () => alive.add(socket))
      let sockets = socketsByUser.get(userId)
      if (!sockets) {
        sockets = new Set()
        socketsByUser.set(userId, sockets)
      }
      sockets.add(socket)
      socket.on('close', () => {
        sockets.delete(socket)
        if (sockets.size === 0 && socketsByUser.get(userId) === sockets) socketsByUser.delete(userId)
      })
    },
    connectionCount() {
      let total = 0
      for (const sockets of socketsByUser.values()) total += sockets.size
      return total
    },
    async close() {
      closing = true
      clearInterval(heartbeat)
      clearTimeout(reconnectTimer)
      for (const sockets of socketsByUser.values())
        for (const socket of sockets) socket.close(1001, 'Server shutting down')
      socketsByUser.clear()
      await listener?.end().catch(() => {})
    },
  }
}
