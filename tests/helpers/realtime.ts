import WebSocket from 'ws'

/** A connected WebSocket that records every text message it receives. */
export type RecordingSocket = {
  socket: WebSocket
  messages: string[]
  /** Resolves with the first message (already received or yet to come) that `matches` accepts. */
  waitFor: (matches: (message: string) => boolean, timeoutMs?: number) => Promise<string>
  /** Resolves with the close code once the server (or anyone) has closed the socket. */
  closed: (timeoutMs?: number) => Promise<number>
  close: () => Promise<void>
}

/** Opens `url` and resolves once the handshake succeeded; rejects with the HTTP status otherwise. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<RecordingSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    const messages: string[] = []
    const waiters = new Set<() => void>()
    const closeCode = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    socket.on('message', (data) => {
      messages.push(data.toString())
      for (const wake of waiters) wake()
    })
    socket.once('unexpected-response', (_request, response) => {
      reject(new HandshakeRefused(response.statusCode ?? 0))
      response.resume()
      socket.terminate()
    })
    socket.once('error', reject)
    socket.once('open', () =>
      resolve({
        socket,
        messages,
        waitFor: (matches, timeoutMs = 5_000) =>
          new Promise((found, fail) => {
            const check = () => {
              const message = messages.find(matches)
              if (message === undefined) return
              clearTimeout(timer)
              waiters.delete(check)
              found(message)
            }
            const timer = setTimeout(() => {
              waiters.delete(check)
              fail(
                new Error(`No matching message within ${timeoutMs} ms; received ${JSON.stringify(messages)}`),
              )
            }, timeoutMs)
            waiters.add(check)
            check()
          }),
        closed: (timeoutMs = 5_000) =>
          new Promise((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`The socket stayed open for ${timeoutMs} ms`)),
              timeoutMs,
            )
            void closeCode.then((code) => {
              clearTimeout(timer)
              resolve(code)
            })
          }),
        close: () =>
          new Promise<void>((closed) => {
            if (socket.readyState === WebSocket.CLOSED) return closed()
            socket.once('close', () => closed())
            socket.close()
          }),
      }),
    )
  })
}

export class HandshakeRefused extends Error {
  readonly statusCode: number
  constructor(statusCode: number) {
    super(`WebSocket handshake refused with HTTP ${statusCode}`)
    this.statusCode = statusCode
  }
}

/** The HTTP status with which the server refuses a WebSocket handshake (throws if it accepts). */
export async function refusedHandshakeStatus(url: string, headers: Record<string, string> = {}) {
  try {
    const opened = await openSocket(url, headers)
    await opened.close()
  } catch (error) {
    if (error instanceof HandshakeRefused) return error.statusCode
    throw error
  }
  throw new Error(`The handshake to ${url} was accepted`)
}

/** Parses a JSON message, or undefined when it is not JSON (such as 'pong'). */
export function parseMessage(message: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(message)
  } catch {
    return undefined
  }
}
