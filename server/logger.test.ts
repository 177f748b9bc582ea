import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createLogger, maskUrl } from './logger.ts'

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
