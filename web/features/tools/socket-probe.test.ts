import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { runCheck } from './health-check.ts'
import { socketProbe } from './socket-probe.ts'

/** A real WebSocket server on a free local port, behaving as each test asks. */
let server: WebSocketServer | undefined

async function socketServer(onConnection: (socket: import('ws').WebSocket) => void): Promise<string> {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  server.on('connection', onConnection)
  await new Promise<void>((resolve) => server!.once('listening', () => resolve()))
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`
}

afterEach(async () => {
  await new Promise<void>((resolve) => {
    for (const client of server?.clients ?? []) client.terminate()
    server ? server.close(() => resolve()) : resolve()
  })
  server = undefined
})

describe('the realtime socket check', () => {
  it('is healthy once the server answers the ping with a pong, and closes its socket', async () => {
    let closeCode: Promise<number> | undefined
    const url = await socketServer((socket) => {
      closeCode = new Promise((resolve) => socket.on('close', (code) => resolve(code)))
      socket.on('message', (data) => {
        // A notification may arrive first: the check waits for the pong itself.
        socket.send(JSON.stringify({ type: 'notification' }))
        if (data.toString() === 'ping') socket.send('pong')
      })
    })
    const result = await runCheck(socketProbe(url))
    expect(result.state).toBe('healthy')
    expect(result.failure).toBeUndefined()
    expect(await closeCode).toBe(1000)
  })

  it('fails with the close code when the server closes the socket first', async () => {
    const url = await socketServer((socket) => socket.close(1008, 'Session ended'))
    const result = await runCheck(socketProbe(url))
    expect(result).toMatchObject({
      state: 'unhealthy',
      failure: { kind: 'socket-closed', code: 1008, reason: 'Session ended' },
    })
  })

  it('fails when nothing listens', async () => {
    const url = await socketServer(() => {})
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    server = undefined
    const result = await runCheck(socketProbe(url))
    expect(result).toMatchObject({ state: 'unhealthy', failure: { kind: 'socket-closed' } })
  })

  it('times out when the server never answers the ping', async () => {
    const url = await socketServer(() => {})
    const result = await runCheck(socketProbe(url), { timeoutMs: 200 })
    expect(result).toMatchObject({ state: 'unhealthy', failure: { kind: 'timeout', afterMs: 200 } })
  })
})
