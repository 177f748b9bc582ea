import type { Plugin } from 'vite'
import { LAYOUTS } from '../../web/lib/paths.ts'

/**
 * The frame of the web app — the root route and the layouts, with every module they import
 * statically — in a chunk per layout, instead of the dozens of small shared chunks the bundler
 * makes of it on its own. Every screen loads all of its frame before it can answer, and a phone
 * pays a round trip for each file (docs/quality.md, "Console performance").
 *
 * The plugin reads the module graph of the browser build when it is complete; the groups it
 * returns (for `output.codeSplitting.groups`) capture the modules it found. Modules of the root
 * go to `frame`, with those the console's layout shares with others; what only the site's layouts
 * share (the footer, its version line) goes to `frame-site`, which no console screen loads; a
 * module only one layout uses goes to that layout's chunk. Route modules themselves stay the
 * router's entries, and the libraries grouped before (higher priority) stay where they are.
 */

const ROUTE_ENTRY_QUERY = '?__react-router-build-client-route'
/**
 * Modules made only of re-exports: the `radix-ui` package, and the entry of `lucide-react`, which
 * names its 1,600 icons (followed, it made every icon any screen draws part of the frame: 8 KiB of
 * every screen's first load).
 */
const BARREL = /[\\/]node_modules[\\/](radix-ui[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs)/
const ROOT_ROUTE = /[\\/]web[\\/]root\.tsx$/
/** The layout of the signed-in console, whose screens are the ones under a size budget. */
const CONSOLE_LAYOUT = 'dashboard'
const LAYOUT_ROUTE = /[\\/]web[\\/]routes[\\/]([a-z]+)[\\/]layout\.tsx$/

type Group = { name: string; test: (id: string) => boolean; priority: number }

export function frameChunks(options: { priority: number }): { plugin: Plugin; groups: Group[] } {
  const frame = new Set<string>()
  /** Modules several layouts share, none of them the console's. */
  const site = new Set<string>()
  /** A module only one layout imports, and that layout. */
  const layoutOf = new Map<string, string>()

  const plugin: Plugin = {
    name: 'clusterdeck:frame-chunks',
    apply: 'build',
    buildStart() {
      frame.clear()
      site.clear()
      layoutOf.clear()
    },
    buildEnd(error) {
      if (error || this.environment.name !== 'client') return
      const closureOf = (entry: string): Set<string> => {
        const seen = new Set<string>()
        const pending = [...(this.getModuleInfo(entry)?.importedIds ?? [])]
        while (pending.length > 0) {
          const id = pending.pop()!
          if (seen.has(id) || id.includes(ROUTE_ENTRY_QUERY) || id.endsWith('.css')) continue
          seen.add(id)
          // A barrel names every part of a library; the parts the frame uses come with it as its
          // modules' dependencies, the others must stay out of its chunks.
          if (!BARREL.test(id)) pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
        return seen
      }
      const layouts = new Map<string, Set<string>>()
      /** What the screens (the routes that are neither the root nor a layout) import statically. */
      const ofScreens = new Set<string>()
      for (const id of this.getModuleIds()) {
        if (!id.endsWith(ROUTE_ENTRY_QUERY)) continue
        const file = id.slice(0, -ROUTE_ENTRY_QUERY.length)
        const layout = LAYOUT_ROUTE.exec(file)?.[1]
        if (ROOT_ROUTE.test(file)) for (const module of closureOf(id)) frame.add(module)
        else if (layout) layouts.set(layout, closureOf(id))
        else for (const module of closureOf(id)) ofScreens.add(module)
      }
      const layoutsOf = new Map<string, string[]>()
      for (const [layout, modules] of layouts)
        for (const module of modules)
          if (!frame.has(module)) layoutsOf.set(module, [...(layoutsOf.get(module) ?? []), layout])
      for (const [module, users] of layoutsOf) {
        if (users.length === 1 && (users[0] === CONSOLE_LAYOUT || !ofScreens.has(module)))
          layoutOf.set(module, users[0]!)
        // A group takes in what its modules import: in a chunk of the site's layouts, a module a
        // screen imports too would bring that chunk to the screen, maybe a console one.
        else if (users.includes(CONSOLE_LAYOUT) || ofScreens.has(module)) frame.add(module)
        else site.add(module)
      }
    },
  }

  const groups: Group[] = [
    { name: 'frame', test: (id) => frame.has(id), priority: options.priority },
    { name: 'frame-site', test: (id) => site.has(id), priority: options.priority },
    ...LAYOUTS.map((layout) => ({
      name: `frame-${layout}`,
      test: (id: string) => layoutOf.get(id) === layout,
      priority: options.priority - 1,
    })),
  ]
  return { plugin, groups }
}
