import type { Probe } from './health-check.ts'

/** The realtime socket's keep-alive: the server answers this message with "pong". */
const PING = 'ping'
const PONG = 'pong'

/**
 * Opens a WebSocket to `url`, sends a ping and waits for the pong: healthy once it arrives. A
 * socket closed before that is a failure with its close code. The socket is always closed
 * afterwards, and only once open: closing one still connecting makes the browser log an error.
 */
export function socketProbe(url: string): Probe {
  return (signal) =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(url)
      let settled = false
      const settle = (finish: () => void) => {
        if (settled) return
        settled = true
        signal.removeEventListener('abort', onAbort)
        socket.onmessage = null
        socket.onclose = null
        closeOnceOpen(socket)
        finish()
      }
      const onAbort = () => settle(() => reject(signal.reason ?? new Error('Socket check aborted')))

      socket.onopen = () => socket.send(PING)
      socket.onmessage = (event: MessageEvent) => {
        if (event.data === PONG) settle(() => resolve(undefined))
      }
      // The error event carries nothing; the close event after it has the code.
      socket.onerror = () => {}
      socket.onclose = (event: CloseEvent) =>
        settle(() => resolve({ kind: 'socket-closed', code: event.code, reason: event.reason }))
      signal.addEventListener('abort', onAbort)
    })
}

function closeOnceOpen(socket: WebSocket): void {
  if (socket.readyState === WebSocket.OPEN) socket.close(1000, 'Check done')
  else if (socket.readyState === WebSocket.CONNECTING) socket.onopen = () => socket.close(1000, 'Check done')
}
