import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * What each chunk of the browser build is made of: with BUNDLE_REPORT=<file>, the client build
 * writes, for every JavaScript chunk, its size and its modules by rendered size (largest first),
 * and the chunks it imports statically and dynamically. Read it to see why a screen's first load
 * weighs what it does (docs/quality.md, "Console performance").
 */
export function bundleReport(): Plugin | undefined {
  const target = process.env.BUNDLE_REPORT
  if (!target) return undefined
  return {
    name: 'clusterdeck:bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      const root = process.cwd()
      const chunks = Object.values(bundle)
        .filter((output) => output.type === 'chunk')
        .map((chunk) => ({
          file: chunk.fileName,
          bytes: Buffer.byteLength(chunk.code),
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: Object.entries(chunk.modules)
            .map(([id, module]) => ({
              id: path.relative(root, id.replace(/^\0/, '')),
              bytes: module.renderedLength,
            }))
            .filter((module) => module.bytes > 0)
            .sort((a, b) => b.bytes - a.bytes),
        }))
        .sort((a, b) => b.bytes - a.bytes)
      writeFileSync(target, JSON.stringify(chunks, null, 1))
    },
  }
}
