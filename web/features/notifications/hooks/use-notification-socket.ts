import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { REALTIME_SOCKET_PATH, SOCKET_RECONNECT_MS } from '#web/lib/constants.ts'
import { invalidateNotifications } from '../api/notification-keys.ts'
import { isNotificationFor, notificationSocketUrl } from '../notification-display.ts'

/**
 * Listens on the realtime socket (spec §7) while a user is signed in: a notification message for
 * this user refreshes both notification queries. The socket reconnects 5 s after it closes; its
 * errors are only logged. Every component using the hook shares one socket per user.
 */
export function useNotificationSocket(userId: string | undefined): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId) return
    return subscribe(userId, () => void invalidateNotifications(queryClient))
  }, [userId, queryClient])
}

type Connection = { listeners: Set<() => void>; stop: () => void; stopTimer?: ReturnType<typeof setTimeout> }

const connections = new Map<string, Connection>()

function subscribe(userId: string, listener: () => void): () => void {
  let connection = connections.get(userId)
  if (!connection) {
    connection = connect(userId)
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
      connections.delete(userId)
    }, 0)
  }
}

function connect(userId: string): Connection {
  const listeners = new Set<() => void>()
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
      if (!isNotificationFor(event.data, userId)) return
      for (const notify of listeners) notify()
    }
    current.onerror = () => console.warn('Notification socket error; reconnecting after it closes')
    current.onclose = () => {
      if (socket === current) socket = undefined
      if (!stopped) reconnectTimer = setTimeout(open, SOCKET_RECONNECT_MS)
    }
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
