import { describe, expect, it } from 'vitest'
import { PRODUCT_DETAILS } from './product-details.ts'
import { productDetailTexts, productSheetInFrench } from './product-details-french.ts'

describe('the product sheets’ French', () => {
  it('has every text of every seeded sheet', () => {
    const missing = Object.keys(PRODUCT_DETAILS).flatMap((id) => {
      const sheet = productSheetInFrench(id)
      return productDetailTexts(PRODUCT_DETAILS[id]!).filter((text) => !sheet[text])
    })
    expect(missing).toEqual([])
  })

  it('reads the settings’ titles and descriptions at any depth', () => {
    const texts = productDetailTexts(PRODUCT_DETAILS.backup!)
    expect(texts).toContain('Backup schedule')
    expect(texts).toContain('Backup storage in another region, per 100 GiB')
  })
})
