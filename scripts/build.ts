/**
 * Builds the web app into build/client (prerendered app pages plus the SPA shell), then the static
 * marketing site beside it (scripts/build-site.ts). The server
 * needs no build: Node runs its TypeScript directly. Writes build/.stamp for `npm start`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { buildSite } from './build-site.ts'
import { precompress } from './precompress.ts'
import { writeRouteModules } from './route-modules.ts'
import { sourceFingerprint } from './source-fingerprint.ts'

if (existsSync('web')) {
  const result = spawnSync('react-router', ['build'], { stdio: 'inherit', shell: false })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
const buildDir = process.env.BUILD_DIR ?? 'build'
if (existsSync('web')) {
  const { pages } = await buildSite(`${buildDir}/client`)
  console.log(`Rendered ${pages} static pages`)
  console.log(`Listed the scripts of ${writeRouteModules(`${buildDir}/client`)} screens`)
}
if (existsSync(`${buildDir}/client`)) {
  const { files, bytes, brotliBytes } = precompress(`${buildDir}/client`)
  console.log(
    `Precompressed ${files} files: ${Math.round(bytes / 1024)} KiB → ${Math.round(brotliBytes / 1024)} KiB (Brotli)`,
  )
}
mkdirSync(buildDir, { recursive: true })
writeFileSync(`${buildDir}/.stamp`, sourceFingerprint())
console.log('Build complete')
// Vite's module loader (used to render the static pages) leaves one-minute request timers behind.
process.exit(0)
