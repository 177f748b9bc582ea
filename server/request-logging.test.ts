import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { requestLogger } from './request-logging.ts'

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
