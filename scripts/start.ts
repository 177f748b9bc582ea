/**
 * `npm start`: builds the web app when its sources changed since the last build, then serves the
 * production build (with the embedded PostgreSQL unless DATABASE_URL is set).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { sourceFingerprint } from './source-fingerprint.ts'

const stamp = 'build/.stamp'
// The container image ships the build without the web app's sources: it serves what it holds.
const shipsBuildOnly = !existsSync('web') && existsSync(stamp)
const upToDate = shipsBuildOnly || (existsSync(stamp) && readFileSync(stamp, 'utf8') === sourceFingerprint())
if (!upToDate) {
  console.log('Building the web app…')
  const result = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
await import('../server/main.ts')
