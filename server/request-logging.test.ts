import type { FastifyReply, FastifyRequest } from 'fastify'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { maskUrl } from './logger.ts'
import { AccessLog, requestLogger } from './request-logging.ts'

function recordedLogger(level = 'info') {
  const lines: Record<string, unknown>[] = []
  const parent = pino(
    { level, base: null, timestamp: false },
    { write: (line) => lines.push(JSON.parse(line)) },
  )
  // Counted on a stand-in: a pino child's prototype is its parent, so it would see a count put on it.
  let children = 0
  const counted = Object.create(parent) as pino.Logger
  counted.child = ((...args: Parameters<pino.Logger['child']>) => {
    children++
    return parent.child(...args)
  }) as pino.Logger['child']
  return { lines, parent: counted, children: () => children }
}

describe('requestLogger', () => {
  it('makes no pino child for a request that logs nothing it keeps', () => {
    const { lines, parent, children } = recordedLogger('info')
    const log = requestLogger(parent, { reqId: 'r1' }, {})
    log.debug({ detail: 1 }, 'not kept at info')
    log.trace('nor this')
    expect(lines).toEqual([])
    expect(children()).toBe(0)
  })

  it('logs with the request bindings once it does log', () => {
    const { lines, parent, children } = recordedLogger('info')
    const log = requestLogger(parent, { reqId: 'r2' }, {})
    log.info({ step: 'one' }, 'first')
    log.error('second')
    expect(lines).toEqual([
      { level: 30, reqId: 'r2', step: 'one', msg: 'first' },
      { level: 50, reqId: 'r2', msg: 'second' },
    ])
    expect(children()).toBe(1)
  })

  it("follows a route's own level", () => {
    const { lines, parent } = recordedLogger('info')
    const log = requestLogger(parent, { reqId: 'r3' }, { level: 'warn' })
    expect(log.level).toBe('warn')
    expect((log as unknown as pino.Logger).isLevelEnabled('info')).toBe(false)
    expect((log as unknown as pino.Logger).isLevelEnabled('error')).toBe(true)
    log.info('dropped')
    log.warn('kept')
    expect(lines).toEqual([{ level: 40, reqId: 'r3', msg: 'kept' }])
  })

  it('logs nothing when silent', () => {
    const { lines, parent } = recordedLogger('silent')
    const log = requestLogger(parent, { reqId: 'r4' }, {})
    log.fatal('nothing')
    expect(lines).toEqual([])
  })

  it('gives children with both sets of bindings', () => {
    const { lines, parent } = recordedLogger('info')
    requestLogger(parent, { reqId: 'r5' }, {}).child({ job: 'j1' }).info('nested')
    expect(lines).toEqual([{ level: 30, reqId: 'r5', job: 'j1', msg: 'nested' }])
  })
})

describe('AccessLog', () => {
  function answered(logger: pino.Logger, fields: Partial<FastifyRequest>, level?: string) {
    const request = { id: 'a1b2c3d4-1f', method: 'GET', url: '/api/user', ip: '10.0.0.7', ...fields }
    const log = requestLogger(logger, { reqId: request.id }, level ? { level } : {})
    const reply = { statusCode: 200, elapsedTime: 1.26, log }
    return {
      request: { ...request, log } as unknown as FastifyRequest,
      reply: reply as unknown as FastifyReply,
    }
  }

  function recorded() {
    const lines: string[] = []
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) })
    const access = new AccessLog()
    access.writeTo(logger)
    return { lines, logger, access }
  }

  it("writes the line pino would, in pino's shape", () => {
    const { lines, logger, access } = recorded()
    const url = '/api/auth/verify-email?token=secret&next="/a\\b"'
    const { request, reply } = answered(logger, { url })
    access.requestCompleted(null, request, reply)
    logger.info(
      { reqId: request.id, method: 'GET', url: maskUrl(url), ip: '10.0.0.7', statusCode: 200, ms: 1.3 },
      'request',
    )
    const [ours, pinos] = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(Object.keys(ours!)).toEqual(Object.keys(pinos!))
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 })
    expect(ours!.url).toBe('/api/auth/verify-email?token=[redacted]&next="/a\\b"')
    expect(lines[0]!.endsWith('\n')).toBe(true)
  })

  it('escapes an address read from a forged header', () => {
    const { lines, logger, access } = recorded()
    const { request, reply } = answered(logger, { ip: '1.2.3.4","statusCode":500,"x":"' })
    access.requestCompleted(null, request, reply)
    expect(JSON.parse(lines[0]!)).toMatchObject({ ip: '1.2.3.4","statusCode":500,"x":"', statusCode: 200 })
  })

  it('leaves the address out when the socket no longer has one', () => {
    const { lines, logger, access } = recorded()
    const { request, reply } = answered(logger, { ip: undefined as unknown as string })
    access.requestCompleted(null, request, reply)
    expect(JSON.parse(lines[0]!)).not.toHaveProperty('ip')
  })

  it('leaves no line for a route that logs only warnings', () => {
    const { lines, logger, access } = recorded()
    const { request, reply } = answered(logger, { url: '/readyz' }, 'warn')
    access.requestCompleted(null, request, reply)
    expect(lines).toEqual([])
  })

  it('logs a failed request as an error, through pino', () => {
    const { lines, logger, access } = recorded()
    const { request, reply } = answered(logger, {})
    access.requestCompleted(new Error('socket hang up'), request, reply)
    const line = JSON.parse(lines[0]!) as Record<string, unknown>
    expect(line).toMatchObject({ level: 50, reqId: 'a1b2c3d4-1f', msg: 'request errored' })
  })
})
