import path from 'node:path'
import type { Plugin } from 'vite'
import type { Endpoint } from '../../common/contract/endpoint.ts'
import { api } from '../../common/contract/index.ts'

/**
 * The browser calls endpoints by their routing data — id, method, path, what they read and
 * change, who may call them — and never parses with their schemas (the API tests hold the server
 * to them; the web app is typed from them). So the web app's build swaps each contract area it
 * imports for that data alone: the types still come from the real files, and a route's chunk
 * does not carry every schema of every area it calls.
 */

/** The fields of an endpoint the web app reads at run time (web/lib/api). */
const ROUTING_FIELDS = [
  'id',
  'tag',
  'method',
  'path',
  'audience',
  'reads',
  'changes',
  'bodyMediaType',
] as const

export type RoutingData = Record<string, Partial<Pick<Endpoint, (typeof ROUTING_FIELDS)[number]>>>

export function routingDataOf(area: Record<string, Endpoint>): RoutingData {
  return Object.fromEntries(
    Object.entries(area).map(([name, endpoint]) => [
      name,
      Object.fromEntries(
        ROUTING_FIELDS.filter((field) => endpoint[field] !== undefined).map((field) => [
          field,
          endpoint[field],
        ]),
      ),
    ]),
  )
}

/** `custom-solutions` → `customSolutions`: an area's file is named after its export. */
export const exportNameOf = (fileName: string) =>
  fileName.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())

const areas = api as unknown as Record<string, Record<string, Endpoint>>
const CONTRACT_DIR = `${path.sep}common${path.sep}contract${path.sep}`
const PREFIX = '\0contract-routes:'

/** The module the build gives the web app for one area's file, or undefined if it is not an area. */
export function routingModuleOf(fileName: string): string | undefined {
  const name = exportNameOf(fileName)
  const area = areas[name]
  return area ? `export const ${name} = ${JSON.stringify(routingDataOf(area))}\n` : undefined
}

export function contractRoutesInTheBrowser(): Plugin {
  return {
    name: 'clusterdeck:contract-routes',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.includes('contract/')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved?.id.includes(CONTRACT_DIR)) return null
      const fileName = path.basename(resolved.id, '.ts')
      return routingModuleOf(fileName) ? `${PREFIX}${fileName}` : null
    },
    load(id) {
      return id.startsWith(PREFIX) ? routingModuleOf(id.slice(PREFIX.length)) : null
    },
  }
}
