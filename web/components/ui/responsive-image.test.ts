import { describe, expect, it } from 'vitest'
import { imageSrcset } from './responsive-image.tsx'

describe('imageSrcset', () => {
  it('names the five widths of the kind at quality 75', () => {
    expect(imageSrcset('/api/products/kafka/logo', 'productLogo')).toBe(
      '/api/products/kafka/logo?w=20&q=75 20w, /api/products/kafka/logo?w=30&q=75 30w, /api/products/kafka/logo?w=40&q=75 40w, /api/products/kafka/logo?w=60&q=75 60w, /api/products/kafka/logo?w=80&q=75 80w',
    )
    expect(imageSrcset('/api/data-centers/fr-par-1/picture', 'dataCenterPicture', 60)).toContain(
      '/api/data-centers/fr-par-1/picture?w=640&q=60 640w',
    )
  })
})
