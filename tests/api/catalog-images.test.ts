import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_DISPLAY_WIDTHS, srcsetWidths } from '#common/images.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

/** The catalog's images: drawn at each srcset width, WebP, kept by caches, and refused when asked wrong. */
let server: TestServer
let client: TestClient
beforeAll(async () => {
  server = await startTestServer()
  client = new TestClient(server.app)
})
afterAll(() => server.close())

async function sizeOf(body: Buffer) {
  const { width, height, format } = await sharp(body).metadata()
  return { width, height, format }
}

describe('GET /api/products/:id/logo', () => {
  it('draws the logo at each width of its srcset, square, as WebP', async () => {
    for (const width of srcsetWidths(IMAGE_DISPLAY_WIDTHS.productLogo)) {
      const response = await client.get(`/api/products/postgresql/logo?w=${width}`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-type']).toBe('image/webp')
      expect(await sizeOf(response.rawPayload)).toEqual({ width, height: width, format: 'webp' })
    }
  })

  it('is kept a day and answered 304 to its ETag; a lower quality is a smaller file', async () => {
    const first = await client.get('/api/products/kafka/logo?w=80')
    expect(first.headers['cache-control']).toBe('public, max-age=86400')
    const etag = String(first.headers.etag)
    const again = await client.request({
      method: 'GET',
      url: '/api/products/kafka/logo?w=80',
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    const rough = await client.get('/api/products/kafka/logo?w=80&q=5')
    const fine = await client.get('/api/products/kafka/logo?w=80&q=100')
    expect(rough.rawPayload.length).toBeLessThan(fine.rawPayload.length)
    expect(String(rough.headers.etag)).not.toBe(etag)
  })

  it('refuses a width outside the srcset or a quality outside 1–100 with a message, and an unknown product with 404', async () => {
    for (const query of ['w=41', 'w=4000', 'w=', 'w=40&q=0', 'w=40&q=101', 'w=40&q=abc', 'q=75']) {
      const response = await client.get(`/api/products/postgresql/logo?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message, query).toEqual(expect.any(String))
    }
    const unknown = await client.get('/api/products/no-such-product/logo?w=40')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'No such product' })
  })
})

describe('GET /api/data-centers/:code/picture', () => {
  it('draws the picture at each width of its srcset, twice as wide as high', async () => {
    for (const width of srcsetWidths(IMAGE_DISPLAY_WIDTHS.dataCenterPicture)) {
      const response = await client.get(`/api/data-centers/fr-par-1/picture?w=${width}`)
      expect(response.statusCode, response.body).toBe(200)
      expect(await sizeOf(response.rawPayload)).toEqual({ width, height: width / 2, format: 'webp' })
    }
  })

  it('answers 404 for an unknown data center and never reads a path it is given', async () => {
    expect((await client.get('/api/data-centers/xx-nop-1/picture?w=320')).statusCode).toBe(404)
    for (const path of [
      '/api/data-centers/..%2F..%2Fetc%2Fpasswd/picture?w=320',
      '/api/data-centers/%2Fetc%2Fpasswd/picture?w=320',
      '/api/products/..%2Fpackage.json/logo?w=40',
      '/api/products/%2E%2E/logo?w=40',
    ]) {
      const response = await client.get(path)
      expect([400, 404], path).toContain(response.statusCode)
      expect(response.headers['content-type'], path).toMatch(/application\/json/)
    }
  })
})
