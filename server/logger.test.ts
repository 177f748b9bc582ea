import pino from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { createLogger, LineBatch, maskUrl } from './logger.ts'

describe('maskUrl', () => {
  it.each([
    ['/api/auth/verify-email?token=abc123', '/api/auth/verify-email?token=[redacted]'],
    ['/login?code=123456&next=/dashboard', '/login?code=[redacted]&next=/dashboard'],
    ['/x?next=/a&password=hunter2-hunter2', '/x?next=/a&password=[redacted]'],
    ['/x?a=1&token=t1&code=c1&b=2', '/x?a=1&token=[redacted]&code=[redacted]&b=2'],
    ['/x?TOKEN=SHOUTED#section', '/x?TOKEN=[redacted]#section'],
    ['/x?token=', '/x?token=[redacted]'],
    [
      'https://portal.example.eu/reset-password?token=a%2Fb%3D&lang=fr',
      'https://portal.example.eu/reset-password?token=[redacted]&lang=fr',
    ],
  ])('masks the secret in %s', (url, masked) => {
    expect(maskUrl(url)).toBe(masked)
  })

  it.each([
    '/api/user',
    '/api/notifications?limit=20',
    '/x?accesstoken=visible&zipcode=75001',
    '/docs/token=in-the-path',
  ])('leaves %s alone', (url) => {
    expect(maskUrl(url)).toBe(url)
  })

  it('is what the request serializer logs', () => {
    const logger = createLogger({ logLevel: 'silent', isProduction: true })
    const serializers = (logger as unknown as Record<symbol, Record<string, (value: unknown) => unknown>>)[
      pino.symbols.serializersSym
    ]!
    const serialized = serializers.req!({
      id: 'r1',
      method: 'GET',
      url: '/api/auth/verify-email?token=secret-value',
      ip: '127.0.0.1',
      headers: { cookie: 'cd_session=secret' },
    })
    expect(serialized).toEqual({
      id: 'r1',
      method: 'GET',
      url: '/api/auth/verify-email?token=[redacted]',
      ip: '127.0.0.1',
    })
  })
})

describe('LineBatch', () => {
  function batchedLogger(holdMs = 60_000) {
    const writes: string[] = []
    const batch = new LineBatch({ write: (text) => writes.push(text) }, holdMs)
    return { writes, batch, logger: pino({ base: null, timestamp: false }, batch) }
  }

  it('holds info lines and hands them over together, in order', () => {
    const { writes, batch, logger } = batchedLogger()
    logger.info('one')
    logger.info('two')
    expect(writes).toEqual([])
    batch.release()
    expect(writes).toEqual(['{"level":30,"msg":"one"}\n{"level":30,"msg":"two"}\n'])
  })

  it('writes a warning at once, after the lines that came before it', () => {
    const { writes, logger } = batchedLogger()
    logger.info('before')
    logger.warn('careful')
    expect(writes).toEqual(['{"level":30,"msg":"before"}\n{"level":40,"msg":"careful"}\n'])
    logger.error('broken')
    expect(writes).toHaveLength(2)
  })

  it('writes once 8 KiB wait, without waiting for the timer', () => {
    const { writes, logger } = batchedLogger()
    const long = 'x'.repeat(1_000)
    for (let index = 0; index < 10; index++) logger.info(long)
    expect(writes).toHaveLength(1)
    expect(writes[0]!.split('\n').filter(Boolean)).toHaveLength(9)
  })

  it('writes what waits when the hold time is up', async () => {
    const { writes, logger } = batchedLogger(5)
    logger.info('later')
    await vi.waitFor(() => expect(writes).toEqual(['{"level":30,"msg":"later"}\n']))
  })

  it("is flushed through pino's flush, then the destination's own", () => {
    const writes: string[] = []
    const flushed: string[] = []
    const batch = new LineBatch({
      write: (text) => writes.push(text),
      flush: (callback) => {
        flushed.push(`after ${writes.length} write(s)`)
        callback?.()
      },
    })
    const logger = pino({ base: null, timestamp: false }, batch)
    logger.info('last words')
    const done = vi.fn()
    logger.flush(done)
    expect(flushed).toEqual(['after 1 write(s)'])
    expect(done).toHaveBeenCalledOnce()
  })
})
