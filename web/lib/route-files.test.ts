import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '#common/routes.ts'
import { layoutFileOf, PAGES, screenFileOf } from './paths.ts'

/*
 * A URL's screen is found from the URL: web/routes/<layout>/<path>.tsx. Every page's screen exists,
 * and every screen file under a layout folder is the screen of the page its name spells, so no
 * file keeps an old name.
 */

const WEB = path.resolve(import.meta.dirname, '..')
const LAYOUTS = ['public', 'plain', 'flow', 'dashboard'] as const
/** Route modules under a layout folder that are not one URL's screen. */
const SHARED_MODULES = ['layout.tsx', 'static-page.tsx']

describe('route files', () => {
  it('name a screen after its URL', () => {
    expect(screenFileOf('plain', '/clusters/:id/status')).toBe('routes/plain/clusters.$id.status.tsx')
    expect(screenFileOf('dashboard', '/admin/pending-registrations')).toBe(
      'routes/dashboard/admin.pending-registrations.tsx',
    )
    expect(screenFileOf('public', '/')).toBe('routes/public/_index.tsx')
  })

  it('exist for every page and layout', () => {
    const missing = [...PAGES.map((page) => page.screen), ...LAYOUTS.map(layoutFileOf)].filter(
      (file) => !existsSync(path.join(WEB, file)),
    )
    expect(missing).toEqual([])
  })

  it('are each the screen of the page their name spells', () => {
    const screens = new Set([...PAGES.map((page) => page.screen), screenFileOf('public', ROUTES.french)])
    const strays = LAYOUTS.flatMap((layout) =>
      readdirSync(path.join(WEB, 'routes', layout))
        .filter((entry) => !SHARED_MODULES.includes(entry))
        .map((entry) => `routes/${layout}/${entry}`)
        .filter((file) => !screens.has(file)),
    )
    expect(strays).toEqual([])
  })

  it('keep one file for a screen shown at several URLs', () => {
    const byRoute = new Map(PAGES.map((page) => [page.route, page]))
    expect(byRoute.get('clusterDetailAlias')?.screen).toBe('routes/dashboard/clusters.$id.tsx')
    expect(byRoute.get('configureClusterAlias')?.screen).toBe('routes/flow/configure-cluster.tsx')
    expect(byRoute.get('addOns')?.screen).toBe('routes/dashboard/marketplace.tsx')
    expect(byRoute.get('pricing')?.screen).toBe('routes/public/static-page.tsx')
  })
})
