import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { IMAGE_ASPECT_RATIOS, type ImageKind } from '#common/images.ts'

/**
 * The catalog's pictures, drawn by this product: a product's logo (a mark of shapes in colours
 * from its name) and a data center's picture (its city's skyline under a sky of its latitude).
 * Each is drawn as SVG — no text, so no font is needed — and written as WebP at the width and
 * quality asked; what was written is kept, so a second request does not draw again.
 */

/** A number from 0 to 1, the same for the same text and turn (a drawing's "randomness"). */
function seeded(text: string, turn: number): number {
  const digest = createHash('sha256').update(`${text}:${turn}`).digest()
  return digest.readUInt32BE(0) / 0xffffffff
}

/** The product's logo on a 100 × 100 canvas: a rounded tile and a mark of three shapes. */
export function productLogoSvg(id: string): string {
  const hue = Math.round(seeded(id, 0) * 360)
  const accent = (hue + 40 + Math.round(seeded(id, 1) * 80)) % 360
  const corners = 3 + Math.floor(seeded(id, 2) * 4)
  const points = Array.from({ length: corners }, (_, index) => {
    const angle = (index / corners) * 2 * Math.PI - Math.PI / 2
    return `${(50 + 26 * Math.cos(angle)).toFixed(1)},${(50 + 26 * Math.sin(angle)).toFixed(1)}`
  }).join(' ')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="22" fill="hsl(${hue} 62% 42%)"/>
  <polygon points="${points}" fill="hsl(${accent} 85% 70%)"/>
  <circle cx="50" cy="50" r="${(8 + seeded(id, 3) * 8).toFixed(1)}" fill="hsl(${hue} 70% 96%)"/>
</svg>`
}

/** The data center's picture on a 200 × 100 canvas: a sky by latitude, a sun, the skyline. */
export function dataCenterPictureSvg(code: string, latitude: number): string {
  // Northern cities get a paler, bluer sky; southern ones a warmer one.
  const skyHue = Math.round(200 + Math.min(Math.max(latitude, -60), 60) * 0.5)
  const buildings: string[] = []
  for (let x = 0, turn = 0; x < 200; turn++) {
    const width = 10 + Math.floor(seeded(code, turn * 2) * 18)
    const height = 18 + Math.floor(seeded(code, turn * 2 + 1) * 52)
    const shade = 18 + Math.floor(seeded(code, turn + 100) * 16)
    buildings.push(
      `<rect x="${x}" y="${100 - height}" width="${width - 1}" height="${height}" fill="hsl(222 25% ${shade}%)"/>`,
    )
    x += width
  }
  const sunX = 30 + Math.round(seeded(code, 500) * 140)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="hsl(${skyHue} 70% 62%)"/><stop offset="1" stop-color="hsl(${skyHue - 160} 75% 85%)"/>
  </linearGradient></defs>
  <rect width="200" height="100" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="30" r="12" fill="hsl(45 95% 70%)"/>
  ${buildings.join('\n  ')}
</svg>`
}

export type DrawnImage = { body: Buffer; etag: string }

/** Images written, by kind, subject, width and quality; the oldest goes when it is full. */
const written = new Map<string, DrawnImage>()
const KEPT_IMAGES = 500

/** An SVG drawing as WebP at `width` (its height from the kind's aspect ratio) and `quality`. */
export async function drawnImage(
  kind: ImageKind,
  subject: string,
  svg: () => string,
  width: number,
  quality: number,
): Promise<DrawnImage> {
  const key = `${kind}:${subject}:${width}:${quality}`
  const kept = written.get(key)
  if (kept) return kept
  const height = Math.round(width / IMAGE_ASPECT_RATIOS[kind])
  const body = await sharp(Buffer.from(svg()), { density: 300 })
    .resize(width, height, { fit: 'cover' })
    .webp({ quality })
    .toBuffer()
  const image = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }
  if (written.size >= KEPT_IMAGES) written.delete(written.keys().next().value!)
  written.set(key, image)
  return image
}
