import { describe, expect, it } from 'vitest'
import { decodeUrlJson, encodeUrlJson } from './url-json.ts'

describe('JSON in an address', () => {
  it('round-trips any JSON, accents included, in URL-safe characters', () => {
    const value = { name: 'équipe-ß', list: [1, 2, { nested: true }] }
    const text = encodeUrlJson(value)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeUrlJson(text)).toEqual(value)
  })

  it('answers undefined for text that is not such a value', () => {
    expect(decodeUrlJson('%%%')).toBeUndefined()
    expect(decodeUrlJson(encodeUrlJson('x').slice(1))).toBeUndefined()
  })
})
