import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/*
 * Small modules that many screens share travel with each module that imports them, as a copy of
 * its own (a few hundred bytes), instead of in a file of their own. Left to itself the bundler
 * makes a chunk of every module that two screens share: a screen loaded up to 56 files, a third of
 * them under 0.3 KiB (icons, plain components, word lists), and a phone pays a round trip for each
 * (docs/quality.md, "Console performance").
 *
 * A copy is the module under an address of its importer's (`…/alert.tsx?of=3f2a…`), which the
 * bundler takes for a module of its own. Only modules that hold nothing of their own qualify: no
 * context, no store, no cache — two copies must behave as one.
 */

/** The app's own small shared modules (paths from the project's root). */
export const SMALL_SHARED_MODULES = [
  'web/components/ui/alert.tsx',
  'web/components/ui/copy-button.tsx',
  'web/components/ui/input.tsx',
  'web/components/ui/label.tsx',
  'web/components/ui/native-select.tsx',
  'web/components/ui/retry-alert.tsx',
  'web/components/ui/search-input.tsx',
  'web/components/ui/section-card.tsx',
  'web/components/ui/submit-button.tsx',
  'web/components/ui/textarea.tsx',
  'web/components/layout/back-link.tsx',
  'web/components/layout/empty-state.tsx',
  'web/components/layout/when-page-is-idle.tsx',
  'web/features/clusters/api/cluster-keys.ts',
  'web/features/clusters/api/get-cluster.ts',
  'web/features/clusters/catalog-names.ts',
  'web/features/clusters/components/cluster-status-badge.tsx',
  'web/features/clusters/components/detail/section-card.tsx',
  'web/features/clusters/components/kubeconfig-download-button.tsx',
  'web/features/clusters/hooks/use-cluster-live-updates.ts',
  'web/components/ui/confirm-dialog.tsx',
  'web/lib/api/mutations.ts',
  'web/lib/form/server-errors.ts',
  'web/lib/drawn-in-slices.ts',
  'web/lib/use-debounced.ts',
  'web/lib/use-money.ts',
  'web/lib/use-now.ts',
  'web/lib/use-percent.ts',
  'web/lib/use-search-param-filters.ts',
  'common/invoice-words.ts',
  'common/pricing.ts',
  'common/schemas/kinds.ts',
  'common/schemas/sorts.ts',
  'common/schemas/statuses.ts',
  'common/vat.ts',
] as const

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SHARED_FILES = new Set<string>(SMALL_SHARED_MODULES.map((file) => path.join(ROOT, file)))
/** What an import of one of them ends with (checked before resolving anything). */
const SHARED_NAMES = new Set<string>(
  SMALL_SHARED_MODULES.map((file) => path.basename(file).replace(/\.tsx?$/, '')),
)
const nameOf = (source: string) => path.basename(source).replace(/\.tsx?$/, '')

/** `import { Download, X as Close } from 'lucide-react'`: the icons come through the library's entry. */
const ICON_IMPORTS = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g
const ICON_EXPORT = /export \{ ([^}]*) \} from '\.\/icons\/([a-z0-9-]+\.mjs)';/g

export function smallModulesWithTheirUsers(): Plugin {
  let iconFiles: Map<string, string> | undefined
  /** The file of an icon the library's entry exports by this name (its aliases included). */
  const iconFileOf = (name: string): string | undefined => {
    if (!iconFiles) {
      const entry = createRequire(import.meta.url).resolve('lucide-react')
      const barrel = path.join(path.dirname(entry), '..', 'esm', 'lucide-react.mjs')
      iconFiles = new Map()
      for (const [, names = '', file = ''] of readFileSync(barrel, 'utf8').matchAll(ICON_EXPORT))
        for (const exported of names.split(','))
          iconFiles.set(
            exported.trim().replace(/^default as /, ''),
            path.join(path.dirname(barrel), 'icons', file),
          )
    }
    return iconFiles.get(name)
  }
  const copyFor = (file: string, importer: string) =>
    `${file}?of=${createHash('sha256').update(importer).digest('hex').slice(0, 8)}`

  return {
    name: 'clusterdeck:small-modules-with-their-users',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.name !== 'client' || !importer || importer.includes('node_modules')) return null
      if (source.includes('?') || !SHARED_NAMES.has(nameOf(source))) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved || resolved.external || !SHARED_FILES.has(resolved.id)) return null
      return { ...resolved, id: copyFor(resolved.id, importer) }
    },
    // An icon is imported through the library's entry, which names them all: the import is
    // rewritten to one of each icon's own module.
    transform(code, id) {
      if (this.environment.name !== 'client' || id.includes('node_modules') || !/\.tsx?(\?|$)/.test(id))
        return
      if (!code.includes('lucide-react')) return
      const rewritten = code.replace(ICON_IMPORTS, (statement, list: string) => {
        const kept: string[] = []
        const icons: string[] = []
        for (const specifier of list.split(',').map((part) => part.trim())) {
          if (!specifier) continue
          const [imported = '', local = imported] = specifier.split(/\s+as\s+/)
          const file = specifier.startsWith('type ') ? undefined : iconFileOf(imported)
          if (file) icons.push(`import ${local} from ${JSON.stringify(copyFor(file, id))};`)
          else kept.push(specifier)
        }
        if (icons.length === 0) return statement
        if (kept.length > 0) icons.unshift(`import { ${kept.join(', ')} } from 'lucide-react';`)
        return icons.join('\n')
      })
      return rewritten === code ? undefined : { code: rewritten, map: null }
    },
  }
}
