import { describe, expect, it } from 'vitest'
import { contentSecurityDirectives, socketOrigins } from './security.ts'

describe('the page policy', () => {
  it("connects to the app's own origin and its socket only: ws for http, wss for https", () => {
    expect(socketOrigins(['https://portal.example.eu', 'http://localhost:3000'])).toEqual([
      'wss://portal.example.eu',
      'ws://localhost:3000',
    ])
    const directives = contentSecurityDirectives({
      isProduction: true,
      socketOrigins: socketOrigins(['https://portal.example.eu']),
    })
    expect(directives.connectSrc).toEqual(["'self'", 'wss://portal.example.eu'])
  })
})
