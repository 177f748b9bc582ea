import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'
import { ROUTES } from '#common/routes.ts'
import { LAYOUTS, type Layout, layoutFileOf, PAGES, screenFileOf } from './lib/paths.ts'

/*
 * The router is built from the page table (web/lib/paths.ts), which gives each URL its layout and
 * its screen; a screen's file is named after its URL (web/routes/<layout>/<path>.tsx). The table
 * rather than file-system routing (@react-router/fs-routes): several URLs show one screen (aliases,
 * the provider tests) and the static marketing pages share one hand-back module, which file names
 * cannot say; see docs/decisions/034-route-files-named-after-urls.md.
 */

function routesOf(layoutName: Layout) {
  return PAGES.filter((page) => page.layout === layoutName).map((page) => {
    const id = `${layoutName}:${page.path}`
    return page.path === '/' ? index(page.screen, { id }) : route(page.path, page.screen, { id })
  })
}

export default [
  // `/fr` stands outside the layouts: it only chooses French and opens the home page.
  route(ROUTES.french, screenFileOf('public', ROUTES.french)),
  ...LAYOUTS.map((name) => layout(layoutFileOf(name), { id: `layout:${name}` }, routesOf(name))),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
