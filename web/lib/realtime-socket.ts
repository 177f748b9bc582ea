import { useEffect, useRef } from 'react'
import { account } from '#common/contract/account.ts'
import type { RealtimeMessage } from '#common/contract/realtime.ts'
import { urlOf } from './api/call.ts'
import { apiUrl } from './api-client.ts'
import { REALTIME_SOCKET_PATH, SOCKET_RECONNECT_MS } from './constants.ts'
import { holdsSessionHint, useUser } from './current-user.ts'

/*
 * The app's one realtime connection: a WebSocket at /ws on the page's own host, one per signed-in
 * user however many components listen, reconnecting 5 s after it closes. Each area picks its own
 * message types from it (notifications, clusters…).
 */

export type RealtimeListener = {
  /** Every message of the socket, parsed and checked (common/contract/realtime.ts). */
  onMessage?: (message: RealtimeMessage) => void
  /** The server no longer knows the session: the socket stops for good. */
  onSignedOut?: () => void
  /** A socket opened again after one closed: messages sent in between were missed. */
  onReconnected?: () => void
}

/** The socket address: path /ws on the page's own host, wss when the page is on https. */
export function realtimeSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_SOCKET_PATH}`
}

/** Listens to the signed-in user's messages while the component is mounted. */
export function useRealtimeMessages(
  onMessage: (message: RealtimeMessage) => void,
  onSignedOut?: () => void,
  onReconnected?: () => void,
): void {
  const userId = useUser().user?.id
  const handlers = useRef({ onMessage, onSignedOut, onReconnected })
  useEffect(() => {
    handlers.current = { onMessage, onSignedOut, onReconnected }
  })
  useEffect(() => {
    if (!userId) return
    return subscribeToRealtime(userId, {
      onMessage: (message) => handlers.current.onMessage(message),
      onSignedOut: () => handlers.current.onSignedOut?.(),
      onReconnected: () => handlers.current.onReconnected?.(),
    })
  }, [userId])
}

type Connection = {
  listeners: Set<RealtimeListener>
  stop: () => void
  stopTimer?: ReturnType<typeof setTimeout>
}

const connections = new Map<string, Connection>()

/**
 * Handshakes on their way. Logout waits for them (at most `atMostMs`): a handshake the server
 * meets after the session has ended is refused, and the browser logs the refusal as an error.
 */
const handshakes = new Set<Promise<void>>()

export function realtimeHandshakesDone(atMostMs = 2_000): Promise<void> {
  return Promise.race([
    Promise.all(handshakes).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, atMostMs)),
  ])
}

/** Adds a listener to the user's connection (opening it if needed); returns the unsubscribe. */
export function subscribeToRealtime(userId: string, listener: RealtimeListener): () => void {
  let connection = connections.get(userId)
  if (!connection) {
    connection = connect(() => connections.delete(userId))
    connections.set(userId, connection)
  }
  clearTimeout(connection.stopTimer)
  connection.listeners.add(listener)
  const current = connection
  return () => {
    current.listeners.delete(listener)
    if (current.listeners.size > 0) return
    // A layout change unmounts one listener and mounts the next in the same commit: keep the socket.
    current.stopTimer = setTimeout(() => {
      if (current.listeners.size > 0) return
      current.stop()
      if (connections.get(userId) === current) connections.delete(userId)
    }, 0)
  }
}

function connect(forget: () => void): Connection {
  const listeners = new Set<RealtimeListener>()
  let socket: WebSocket | undefined
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  let openedBefore = false

  const signedOut = () => {
    console.warn('Realtime socket: signed out, not reconnecting')
    stopped = true
    forget()
    for (const listener of listeners) listener.onSignedOut?.()
  }

  // Messages are parsed in the order they came, each after the ones before it.
  let parsing: Promise<void> = Promise.resolve()
  const receive = (raw: unknown) => {
    parsing = parsing
      .then(() => realtimeParser())
      .then(
        (parse) => {
          const message = parseSocketMessage(parse, raw)
          if (message !== undefined && !stopped)
            for (const listener of listeners) listener.onMessage?.(message)
        },
        () => {
          // The parser's script did not load (offline, a new deploy): this message is lost, like one
          // sent while the socket was closed, and the listeners catch up the same way. The next
          // message asks for the script again.
          parserLoad = undefined
          if (!stopped) for (const listener of listeners) listener.onReconnected?.()
        },
      )
  }

  const open = (sessionChecked = false) => {
    if (stopped) return
    // Without the hint the person may have signed out (logout clears it), and a handshake would be
    // refused: ask first. The hint is only a hint, so a session that answers opens the socket all
    // the same.
    if (!sessionChecked && !holdsSessionHint()) return void reconnect()
    const current = new WebSocket(realtimeSocketUrl(window.location))
    socket = current
    let handshakeDone = () => {}
    const handshake = new Promise<void>((resolve) => {
      handshakeDone = () => {
        handshakes.delete(handshake)
        resolve()
      }
    })
    handshakes.add(handshake)
    current.onopen = () => {
      handshakeDone()
      if (stopped) return current.close()
      if (openedBefore) for (const listener of listeners) listener.onReconnected?.()
      openedBefore = true
    }
    current.onmessage = (event: MessageEvent) => receive(event.data)
    current.onerror = () => console.warn('Realtime socket error; reconnecting after it closes')
    current.onclose = () => {
      handshakeDone()
      if (socket === current) socket = undefined
      if (!stopped) reconnectTimer = setTimeout(reconnect, SOCKET_RECONNECT_MS)
    }
  }

  // A handshake without a session is refused, and the browser logs each refusal as an error:
  // ask a plain request first whether the session is still there.
  const reconnect = async () => {
    try {
      const response = await fetch(apiUrl(urlOf(account.get)), { credentials: 'include' })
      if (response.status === 401) return signedOut()
    } catch {
      // Offline or the server restarting: the socket attempt below fails and retries the same way.
    }
    if (!stopped) open(true)
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

type RealtimeParser = (data: unknown) => RealtimeMessage | undefined

/**
 * The messages' schemas (and zod with them) load with the first message, which comes long after a
 * screen is up: no screen's first paint waits for them, nor shares the network with them.
 */
let parserLoad: Promise<RealtimeParser> | undefined
const realtimeParser = () =>
  (parserLoad ??= import('#common/contract/realtime.ts').then((module) => module.parseRealtimeMessage))

/** A frame's message, or undefined for anything the server does not send. */
function parseSocketMessage(parse: RealtimeParser, raw: unknown): RealtimeMessage | undefined {
  if (typeof raw !== 'string') return undefined
  try {
    return parse(JSON.parse(raw))
  } catch {
    return undefined
  }
}
