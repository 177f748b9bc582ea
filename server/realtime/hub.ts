import type { FastifyBaseLogger } from 'fastify'
import type { WebSocket } from 'ws'
import { startListener } from '#server/db/listener.ts'
import { REALTIME_CHANNEL, type RealtimeEnvelope } from './publish.ts'

const HEARTBEAT_MS = 30_000
/** How long a session check of a socket holds before the next message checks again. */
const SESSION_RECHECK_MS = 5_000

/** Whether the session a socket was opened with is still signed in. */
export type SessionCheck = () => Promise<boolean>

/** Whose socket it is; organizationId only for active members, who may hear of its clusters. */
export type SocketOwner = { userId: string; organizationId: string | null }

export type RealtimeHub = {
  attach: (owner: SocketOwner, socket: WebSocket, isSignedIn: SessionCheck) => void
  connectionCount: () => number
  /**
   * Awaited before each delivery: the app's change feed catching up, so a client that refetches
   * on the message never gets a cached answer from before the change (the two arrive on
   * different connections).
   */
  deliverAfter: (barrier: () => Promise<void>) => void
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
  const socketsByOrganization = new Map<string, Set<WebSocket>>()
  const alive = new WeakSet<WebSocket>()
  const sessionChecks = new WeakMap<WebSocket, SessionCheck>()

  let barrier: () => Promise<void> = async () => {}
  const deliver = async (payload: string) => {
    let envelope: RealtimeEnvelope
    try {
      envelope = JSON.parse(payload)
    } catch {
      return
    }
    const sockets =
      envelope.userId !== undefined
        ? socketsByUser.get(envelope.userId)
        : socketsByOrganization.get(envelope.organizationId)
    if (!sockets) return
    await barrier()
    const text = JSON.stringify(envelope.message)
    await Promise.all([...sockets].map((socket) => sendIfSignedIn(socket, text)))
  }

  // A socket outlives its handshake: the session may have ended since (logout, sign-out everywhere).
  // A confirmed session is trusted for a short while, so a burst of events costs one look-up.
  const confirmedAt = new WeakMap<WebSocket, number>()
  const sendIfSignedIn = async (socket: WebSocket, text: string) => {
    if (socket.readyState !== socket.OPEN) return
    let signedIn = Date.now() - (confirmedAt.get(socket) ?? 0) < SESSION_RECHECK_MS
    if (!signedIn) {
      try {
        signedIn = (await sessionChecks.get(socket)?.()) ?? false
      } catch (error) {
        log.warn({ err: error }, 'realtime could not check a session; message skipped')
        return
      }
      if (signedIn) confirmedAt.set(socket, Date.now())
    }
    if (!signedIn) socket.close(1008, 'Session ended')
    else if (socket.readyState === socket.OPEN) socket.send(text)
  }

  // One delivery at a time, so every socket gets its messages in the order they were published.
  let deliveries = Promise.resolve()
  const enqueueDelivery = (payload: string) => {
    deliveries = deliveries
      .then(() => deliver(payload))
      .catch((error: unknown) => log.warn({ err: error }, 'realtime delivery failed'))
  }

  const listener = await startListener(connectionString, [REALTIME_CHANNEL], {
    notification: (_channel, payload) => enqueueDelivery(payload),
    warn: (error, message) => log.warn({ err: error }, `realtime: ${message}`),
  })

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
    attach(owner, socket, isSignedIn) {
      alive.add(socket)
      sessionChecks.set(socket, isSignedIn)
      socket.on('pong', () => alive.add(socket))
      addTo(socketsByUser, owner.userId, socket)
      if (owner.organizationId) addTo(socketsByOrganization, owner.organizationId, socket)
    },
    deliverAfter(next) {
      barrier = next
    },
    connectionCount() {
      let total = 0
      for (const sockets of socketsByUser.values()) total += sockets.size
      return total
    },
    async close() {
      clearInterval(heartbeat)
      for (const sockets of socketsByUser.values())
        for (const socket of sockets) socket.close(1001, 'Server shutting down')
      socketsByUser.clear()
      socketsByOrganization.clear()
      await listener.close()
    },
  }
}

function addTo(index: Map<string, Set<WebSocket>>, key: string, socket: WebSocket) {
  let sockets = index.get(key)
  if (!sockets) {
    sockets = new Set()
    index.set(key, sockets)
  }
  const members = sockets
  members.add(socket)
  socket.on('close', () => {
    members.delete(socket)
    if (members.size === 0 && index.get(key) === members) index.delete(key)
  })
}
