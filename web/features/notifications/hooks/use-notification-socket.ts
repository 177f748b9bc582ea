import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { REALTIME_SOCKET_PATH, SOCKET_RECONNECT_MS } from '#web/lib/constants.ts'
import { invalidateNotifications, notificationKeys } from '../api/notification-keys.ts'
import { isNotificationFor, notificationSocketUrl } from '../notification-display.ts'

/**
 * Listens on the realtime socket (spec §7) while a user is signed in: a notification message for
 * this user refreshes both notification queries. The socket reconnects 5 s after it closes; its
 * errors are only logged. Every component using the hook shares one socket per user.
 * `onSignedOut` runs when the server no longer knows the session (it closes the socket with it).
 */
export function useNotificationSocket(userId: string | undefined, onSignedOut: () => void): void {
  const queryClient = useQueryClient()
  const signedOut = useRef(onSignedOut)
  useEffect(() => {
    signedOut.current = onSignedOut
  })
  useEffect(() => {
    if (!userId) return
    return subscribe(userId, {
      onNotification: () => void invalidateNotifications(queryClient),
      onSignedOut: () => signedOut.current(),
    })
  }, [userId, queryClient])
}

/**
 * Listens to every message of the same per-user socket (no second connection): other areas, such
 * as clusters, pick their own message types. Returns the unsubscribe function.
 */
export function subscribeToRealtimeMessages(
  userId: string,
  onMessage: (message: unknown) => void,
): () => void {
  return subscribe(userId, { onMessage })
}

type Listener = {
  onNotification?: () => void
  onSignedOut?: () => void
  /** Every message of the socket, parsed (other areas read their own types from it). */
  onMessage?: (message: unknown) => void
}
type Connection = { listeners: Set<Listener>; stop: () => void; stopTimer?: ReturnType<typeof setTimeout> }

const connections = new Map<string, Connection>()

function subscribe(userId: string, listener: Listener): () => void {
  let connection = connections.get(userId)
  if (!connection) {
    connection = connect(userId, () => connections.delete(userId))
    connections.set(userId, connection)
  }
  clearTimeout(connection.stopTimer)
  connection.listeners.add(listener)
  const current = connection
  return () => {
    current.listeners.delete(listener)
    if (current.listeners.size > 0) return
    // A layout change unmounts one bell and mounts the next in the same commit: keep the socket.
    current.stopTimer = setTimeout(() => {
      if (current.listeners.size > 0) return
      current.stop()
      if (connections.get(userId) === current) connections.delete(userId)
    }, 0)
  }
}

function connect(userId: string, forget: () => void): Connection {
  const listeners = new Set<Listener>()
  let socket: WebSocket | undefined
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const open = () => {
    const current = new WebSocket(notificationSocketUrl(window.location, REALTIME_SOCKET_PATH))
    socket = current
    current.onopen = () => {
      if (stopped) current.close()
    }
    current.onmessage = (event: MessageEvent) => {
      const message = parseSocketMessage(event.data)
      if (message !== undefined) for (const listener of listeners) listener.onMessage?.(message)
      if (!isNotificationFor(event.data, userId)) return
      for (const listener of listeners) listener.onNotification?.()
    }
    current.onerror = () => console.warn('Notification socket error; reconnecting after it closes')
    current.onclose = () => {
      if (socket === current) socket = undefined
      if (!stopped) reconnectTimer = setTimeout(reconnect, SOCKET_RECONNECT_MS)
    }
  }

  // A handshake without a session is refused, and the browser logs each refusal as an error:
  // ask a plain request first whether the session is still there.
  const reconnect = async () => {
    try {
      const response = await fetch(notificationKeys.count()[0], { credentials: 'include' })
      if (response.status === 401) {
        console.warn('Notification socket: signed out, not reconnecting')
        stopped = true
        forget()
        for (const listener of listeners) listener.onSignedOut?.()
        return
      }
    } catch {
      // Offline or the server restarting: the socket attempt below fails and retries the same way.
    }
    if (!stopped) open()
  }

  open()
  return {
    listeners,
    stop: () => {
      stopped = true
      clearTimeout(reconnectTimer)
      // Closing a socket still connecting makes the browser log an error: close it once open.
      if (socket?.readyState === WebSocket.OPEN) socket.close()
    },
  }
}

function parseSocketMessage(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}
