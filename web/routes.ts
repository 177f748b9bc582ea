import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'
import { ROUTES } from '#common/routes.ts'
import { type Layout, PAGES } from './lib/paths.ts'

const LAYOUT_FILES: Record<Layout, string> = {
  public: 'routes/public/layout.tsx',
  plain: 'routes/plain/layout.tsx',
  flow: 'routes/flow/layout.tsx',
  dashboard: 'routes/dashboard/layout.tsx',
}

/** Screens that belong to a later capability show their layout and title for now. */
const PLACEHOLDER_SCREEN = 'routes/placeholder.tsx'
/** Static marketing pages: the router sends the browser back to the server for them. */
const STATIC_PAGE_SCREEN = 'routes/public/static-page.tsx'

function routesOf(layoutName: Layout) {
  return PAGES.filter((page) => page.layout === layoutName).map((page) => {
    const file = page.static ? STATIC_PAGE_SCREEN : (page.screen ?? PLACEHOLDER_SCREEN)
    const id = `${layoutName}:${page.path}`
    return page.path === '/' ? index(file, { id }) : route(page.path, file, { id })
  })
}

export default [
  route(ROUTES.french, 'routes/public/french.tsx'),
  ...(['public', 'plain', 'flow', 'dashboard'] as const).map((name) =>
    layout(LAYOUT_FILES[name], { id: `layout:${name}` }, routesOf(name)),
  ),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
