import { describe, expect, it } from 'vitest'
import { InvalidatedCache } from './invalidated-cache.ts'

const heard = { isReliable: () => true }

describe('InvalidatedCache', () => {
  it('drops the entries filed under a changed topic, and only those', () => {
    const cache = new InvalidatedCache<string>(heard, 10)
    cache.set('a', 'A', ['user:1', 'organization:9'], cache.generation())
    cache.set('b', 'B', ['user:2', 'organization:9'], cache.generation())
    cache.changed('user:1')
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, 'B'])
    cache.changed('organization:9')
    expect(cache.get('b')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('does not keep a value read while a change arrived', () => {
    const cache = new InvalidatedCache<string>(heard, 10)
    const readAt = cache.generation()
    cache.changed('user:unrelated')
    cache.set('a', 'A', ['user:1'], readAt)
    expect(cache.get('a')).toBeUndefined()
  })

  it('serves and keeps nothing while changes may go unheard', () => {
    let reliable = true
    const cache = new InvalidatedCache<string>({ isReliable: () => reliable }, 10)
    cache.set('a', 'A', ['user:1'], cache.generation())
    reliable = false
    expect(cache.get('a')).toBeUndefined()
    cache.set('b', 'B', ['user:2'], cache.generation())
    reliable = true
    expect(cache.get('b')).toBeUndefined()
    cache.reset()
    expect(cache.get('a')).toBeUndefined()
  })

  it('holds at most its capacity, dropping the least recently used', () => {
    const cache = new InvalidatedCache<number>(heard, 2)
    cache.set('a', 1, ['t:a'], cache.generation())
    cache.set('b', 2, ['t:b'], cache.generation())
    expect(cache.get('a')).toBe(1)
    cache.set('c', 3, ['t:c'], cache.generation())
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3])
    expect(cache.size).toBe(2)
    // The dropped entry left no topic behind that could drop a later one by mistake.
    cache.set('b', 4, ['t:c'], cache.generation())
    cache.changed('t:b')
    expect(cache.get('b')).toBe(4)
  })

  it('moves an entry read from its older half to the newest end, and leaves the newer half in place', () => {
    const cache = new InvalidatedCache<string>(heard, 4)
    for (const key of ['a', 'b', 'c', 'd'])
      cache.set(key, key.toUpperCase(), [`t:${key}`], cache.generation())
    expect(cache.get('a')).toBe('A')
    expect(cache.get('d')).toBe('D')
    cache.set('e', 'E', ['t:e'], cache.generation())
    expect(cache.get('b')).toBeUndefined()
    cache.set('f', 'F', ['t:f'], cache.generation())
    expect(cache.get('c')).toBeUndefined()
    expect(['a', 'd', 'e', 'f'].map((key) => cache.get(key))).toEqual(['A', 'D', 'E', 'F'])
  })

  it('reads through on a miss and keeps what it read', async () => {
    const cache = new InvalidatedCache<string>(heard, 10)
    let loads = 0
    const load = async () => `value ${++loads}`
    expect(await cache.read('k', load, () => ['topic'])).toBe('value 1')
    expect(await cache.read('k', load, () => ['topic'])).toBe('value 1')
    cache.changed('topic')
    expect(await cache.read('k', load, () => ['topic'])).toBe('value 2')
  })
})
