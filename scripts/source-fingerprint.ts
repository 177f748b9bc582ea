import { createHash } from 'node:crypto'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** What the web build depends on; a change to any of these makes `npm start` rebuild. */
const BUILD_INPUTS = [
  'web',
  'common',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'scripts/vite',
  'scripts/build-site.ts',
]

export function sourceFingerprint(): string {
  const hash = createHash('sha256')
  for (const input of BUILD_INPUTS) {
    for (const file of listFiles(input)) {
      const stat = statSync(file)
      hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`)
    }
  }
  return hash.digest('hex')
}

function listFiles(entry: string): string[] {
  if (!existsSync(entry)) return []
  if (!statSync(entry).isDirectory()) return [entry]
  return readdirSync(entry, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((child) => listFiles(path.join(entry, child.name)))
}
