import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SMALL_SHARED_MODULES, smallModulesWithTheirUsers } from './small-modules-with-their-users.ts'

type Resolved = { id: string; external?: boolean } | null
type Context = { environment: { name: string }; resolve: (source: string) => Promise<Resolved> }

function hooksIn(environment: string, resolveTo: (source: string) => Resolved = () => null) {
  const plugin = smallModulesWithTheirUsers()
  const context: Context = {
    environment: { name: environment },
    resolve: async (source) => resolveTo(source),
  }
  const transform = plugin.transform as unknown as (
    this: Context,
    code: string,
    id: string,
  ) => { code: string } | undefined
  const resolveId = plugin.resolveId as unknown as (
    this: Context,
    source: string,
    importer: string | undefined,
    options: object,
  ) => Promise<Resolved>
  return {
    transform: (code: string, id: string) => transform.call(context, code, id),
    resolveId: (source: string, importer: string | undefined) =>
      resolveId.call(context, source, importer, {}),
  }
}

describe('small modules with their users: icons', () => {
  const { transform } = hooksIn('client')

  it('imports each icon from its own module, under an address of the importing module', () => {
    const code = [
      "import { Download, X as Close, type LucideIcon } from 'lucide-react'",
      'use(Download, Close)',
    ].join('\n')
    const out = transform(code, '/app/web/features/a.tsx')?.code ?? ''
    expect(out).toMatch(/^import \{ type LucideIcon \} from 'lucide-react';$/m)
    expect(out).toMatch(/^import Download from ".*[\\/]icons[\\/]download\.mjs\?of=[0-9a-f]{8}";$/m)
    expect(out).toMatch(/^import Close from ".*[\\/]icons[\\/]x\.mjs\?of=[0-9a-f]{8}";$/m)
    expect(out).not.toContain('{ Download')
  })

  it('gives two importers two copies, one importer the same address each time, and a copy its own', () => {
    const code = "import {\n  RefreshCw,\n} from 'lucide-react'"
    const first = transform(code, '/app/web/a.tsx')?.code
    expect(first).toContain('refresh-cw.mjs?of=')
    expect(transform(code, '/app/web/b.tsx')?.code).not.toBe(first)
    expect(transform(code, '/app/web/a.tsx')?.code).toBe(first)
    expect(transform(code, '/app/web/components/ui/retry-alert.tsx?of=12345678')?.code).toContain(
      'refresh-cw.mjs?of=',
    )
  })

  it('leaves type imports, the libraries and the server build alone', () => {
    expect(transform("import type { LucideIcon } from 'lucide-react'", '/app/web/a.tsx')).toBeUndefined()
    expect(transform("import { X } from 'lucide-react'", '/app/node_modules/x/index.tsx')).toBeUndefined()
    expect(hooksIn('ssr').transform("import { X } from 'lucide-react'", '/app/web/a.tsx')).toBeUndefined()
  })
})

describe('small modules with their users: the app’s own', () => {
  const alert = path.resolve('web/components/ui/alert.tsx')
  const toAlert = () => ({ id: alert })

  it('resolves a listed module to a copy of the importer’s', async () => {
    const { resolveId } = hooksIn('client', toAlert)
    const copy = await resolveId('#web/components/ui/alert.tsx', '/app/web/features/a.tsx')
    expect(copy?.id.slice(0, alert.length)).toBe(alert)
    expect(copy?.id.slice(alert.length)).toMatch(/^\?of=[0-9a-f]{8}$/)
    expect((await resolveId('./alert.tsx', '/app/web/features/b.tsx'))?.id).not.toBe(copy?.id)
  })

  it('leaves other modules, the libraries’ imports and the server build to the bundler', async () => {
    const { resolveId } = hooksIn('client', () => ({ id: path.resolve('web/components/ui/form.tsx') }))
    expect(await resolveId('#web/components/ui/form.tsx', '/app/web/features/a.tsx')).toBeNull()
    expect(
      await hooksIn('client', toAlert).resolveId('./alert.tsx', '/app/node_modules/x/index.js'),
    ).toBeNull()
    expect(await hooksIn('ssr', toAlert).resolveId('./alert.tsx', '/app/web/features/a.tsx')).toBeNull()
  })

  it.each(SMALL_SHARED_MODULES)(
    '%s exists and holds nothing of its own that two copies could split',
    (file) => {
      expect(existsSync(file)).toBe(true)
      const code = readFileSync(file, 'utf8')
      // A context, a store, a cache or any module-level variable would exist once per copy.
      expect(code).not.toMatch(/createContext|useSyncExternalStore|^(let|var) |^(export )?const \w+ = new /m)
    },
  )
})
