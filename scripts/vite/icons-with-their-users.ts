import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * Each module of the app that draws icons gets its own copy of them (a few hundred bytes each),
 * so an icon travels in the chunk of the screen or part that draws it. Left to itself the bundler
 * makes a chunk of every icon that two screens share: a screen loaded up to a dozen files of 0.2
 * KiB, and a phone pays a round trip for each (docs/quality.md, "Console performance").
 *
 * `import { Download, X as Close } from 'lucide-react'` becomes one import per icon, of the icon's
 * own module under an address of the importing module's (`…/icons/download.mjs?of=3f2a…`), which
 * the bundler takes for a module of its own. Types and the library's other exports keep coming
 * from the library.
 */
const ICON_IMPORTS = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g
const ICON_EXPORT = /export \{ ([^}]*) \} from '\.\/icons\/([a-z0-9-]+\.mjs)';/g

export function iconsWithTheirUsers(): Plugin {
  let iconFiles: Map<string, string> | undefined
  const iconFileOf = (name: string): string | undefined => {
    if (!iconFiles) {
      const entry = createRequire(import.meta.url).resolve('lucide-react')
      const barrel = path.join(path.dirname(entry), '..', 'esm', 'lucide-react.mjs')
      iconFiles = new Map()
      for (const [, names = '', file = ''] of readFileSync(barrel, 'utf8').matchAll(ICON_EXPORT))
        for (const exported of names.split(',')) {
          const alias = exported.trim().replace(/^default as /, '')
          iconFiles.set(alias, path.join(path.dirname(barrel), 'icons', file))
        }
    }
    return iconFiles.get(name)
  }

  return {
    name: 'clusterdeck:icons-with-their-users',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (this.environment.name !== 'client' || id.includes('node_modules') || !/\.tsx?$/.test(id)) return
      if (!code.includes('lucide-react')) return
      const owner = createHash('sha256').update(id).digest('hex').slice(0, 8)
      const rewritten = code.replace(ICON_IMPORTS, (statement, list: string) => {
        const kept: string[] = []
        const icons: string[] = []
        for (const specifier of list
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          const [imported = '', local = imported] = specifier.split(/\s+as\s+/)
          const file = specifier.startsWith('type ') ? undefined : iconFileOf(imported)
          if (file) icons.push(`import ${local} from ${JSON.stringify(`${file}?of=${owner}`)};`)
          else kept.push(specifier)
        }
        if (icons.length === 0) return statement
        return [
          ...(kept.length > 0 ? [`import { ${kept.join(', ')} } from 'lucide-react';`] : []),
          ...icons,
        ].join('\n')
      })
      return rewritten === code ? undefined : { code: rewritten, map: null }
    },
  }
}
