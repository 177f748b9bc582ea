import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { REPOSITORY_ROOT } from './server-process.ts'
import { sourceFingerprint } from './source-fingerprint.ts'

/**
 * Builds the web app into BUILD_DIR (default `build`) when its sources changed since the last
 * build (build/.stamp); returns build/client. The benches and the size budget test start here.
 */
export function ensureWebBuild(): string {
  const buildDir = path.resolve(REPOSITORY_ROOT, process.env.BUILD_DIR ?? 'build')
  const stamp = path.join(buildDir, '.stamp')
  const clientDir = path.join(buildDir, 'client')
  const upToDate =
    existsSync(path.join(clientDir, 'index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === sourceFingerprint()
  if (upToDate) return clientDir
  console.log(`Building the web app into ${path.relative(REPOSITORY_ROOT, buildDir)}/…`)
  const binaries = path.join(REPOSITORY_ROOT, 'node_modules', '.bin')
  const result = spawnSync(process.execPath, ['scripts/build.ts'], {
    cwd: REPOSITORY_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    // A test runner's NODE_ENV=test would give React's development build.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PATH: `${binaries}${path.delimiter}${process.env.PATH ?? ''}`,
    },
    timeout: 600_000,
  })
  if (result.status !== 0) throw new Error(`the web build failed (exit ${result.status ?? result.signal})`)
  return clientDir
}
