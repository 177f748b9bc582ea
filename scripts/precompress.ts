import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map'])
const MIN_BYTES = 1024

/**
 * Writes Brotli and gzip twins of the built text files, which the server sends to browsers that
 * accept them (no compression work per request).
 */
export function precompress(folder: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 }
  for (const file of textFiles(folder)) {
    const content = readFileSync(file)
    const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    writeFileSync(`${file}.br`, brotli)
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
    totals.files++
    totals.bytes += content.length
    totals.brotliBytes += brotli.length
  }
  return totals
}

function textFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return textFiles(full)
    return COMPRESSIBLE.has(path.extname(entry.name)) && statSync(full).size >= MIN_BYTES ? [full] : []
  })
}
