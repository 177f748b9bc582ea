import { describe, expect, it } from 'vitest'
import { onDemand } from './on-demand.ts'

describe('onDemand', () => {
  it('imports the module once however often it is asked for', async () => {
    let imports = 0
    const part = onDemand(async () => {
      imports += 1
      return { name: 'menu' }
    })
    const [first, second] = await Promise.all([part.load(), part.load()])
    expect(first).toEqual({ name: 'menu' })
    expect(second).toBe(first)
    expect(await part.load()).toBe(first)
    expect(imports).toBe(1)
  })

  it('tries again on the next use after a failed download', async () => {
    let imports = 0
    const part = onDemand(async () => {
      imports += 1
      if (imports === 1) throw new Error('Failed to fetch dynamically imported module')
      return { name: 'menu' }
    })
    await expect(part.load()).rejects.toThrow('Failed to fetch')
    expect(await part.load()).toEqual({ name: 'menu' })
    expect(imports).toBe(2)
  })
})
