import { describe, expect, it } from 'vitest'
import { iconsWithTheirUsers } from './icons-with-their-users.ts'

type Transform = (code: string, id: string) => { code: string } | undefined

function transformIn(environment: string): Transform {
  const plugin = iconsWithTheirUsers()
  const hook = plugin.transform as unknown as (
    this: unknown,
    code: string,
    id: string,
  ) => { code: string } | undefined
  return (code, id) => hook.call({ environment: { name: environment } }, code, id)
}

describe('icons with their users', () => {
  const transform = transformIn('client')

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

  it('gives two importers two copies, and one importer the same address each time', () => {
    const code = "import {\n  RefreshCw,\n} from 'lucide-react'"
    const first = transform(code, '/app/web/a.tsx')?.code
    const second = transform(code, '/app/web/b.tsx')?.code
    expect(first).toContain('refresh-cw.mjs?of=')
    expect(first).not.toBe(second)
    expect(transform(code, '/app/web/a.tsx')?.code).toBe(first)
  })

  it('leaves type imports, other modules and the server build alone', () => {
    expect(transform("import type { LucideIcon } from 'lucide-react'", '/app/web/a.tsx')).toBeUndefined()
    expect(transform("import { X } from 'lucide-react'", '/app/node_modules/x/index.tsx')).toBeUndefined()
    expect(transformIn('ssr')("import { X } from 'lucide-react'", '/app/web/a.tsx')).toBeUndefined()
  })
})
