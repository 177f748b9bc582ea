import { createHash } from 'node:crypto'
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
 *
 * Each module that imports an area gets a copy of its own, in which each endpoint is an export of
 * its own and the area their namespace: the bundler keeps of a copy the endpoints its importer
 * calls. A chunk so carries the endpoints its modules call, not their areas' others (the shell's
 * three billing reads used to bring all of billing's endpoints to every screen), and no area
 * becomes a chunk of its own that screens load beside their code.
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
const ENDPOINTS_PREFIX = '\0contract-endpoints:'

/**
 * The module the build gives the web app for one area's file, or undefined if it is not an area:
 * the namespace of the endpoints' module of the same copy.
 */
export function routingModuleOf(fileName: string, copy = 'all'): string | undefined {
  const name = exportNameOf(fileName)
  return areas[name] ? `export * as ${name} from '${ENDPOINTS_PREFIX}${fileName}?of=${copy}'\n` : undefined
}

/** The area's endpoints, one export each (an endpoint may be named `delete`: exported by alias). */
export function endpointsModuleOf(fileName: string): string | undefined {
  const area = areas[exportNameOf(fileName)]
  if (!area) return undefined
  const endpoints = Object.entries(routingDataOf(area))
  const constants = endpoints.map(([, data], index) => `const e${index} = ${JSON.stringify(data)}\n`)
  const names = endpoints.map(([name], index) => `e${index} as ${name}`)
  return `${constants.join('')}export { ${names.join(', ')} }\n`
}

export function contractRoutesInTheBrowser(): Plugin {
  return {
    name: 'clusterdeck:contract-routes',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.startsWith(ENDPOINTS_PREFIX)) return source
      if (!importer || !source.includes('contract/')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved?.id.includes(CONTRACT_DIR)) return null
      const fileName = path.basename(resolved.id, '.ts')
      const copy = createHash('sha256').update(importer).digest('hex').slice(0, 8)
      return routingModuleOf(fileName) ? `${PREFIX}${fileName}?of=${copy}` : null
    },
    load(id) {
      const [fileName = '', copy] = id.slice(id.indexOf(':') + 1).split('?of=')
      if (id.startsWith(PREFIX)) return routingModuleOf(fileName, copy)
      return id.startsWith(ENDPOINTS_PREFIX) ? endpointsModuleOf(fileName) : null
    },
  }
}
