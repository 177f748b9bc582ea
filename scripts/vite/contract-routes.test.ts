import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build, type Rolldown } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { api } from '../../common/contract/index.ts'
import {
  contractRoutesInTheBrowser,
  endpointsModuleOf,
  exportNameOf,
  routingModuleOf,
} from './contract-routes.ts'

const importModule = (code: string) => import(`data:text/javascript,${encodeURIComponent(code)}`)

describe('the contract in the browser: its routing data, not its schemas', () => {
  it('gives each area its endpoints’ ids, methods, paths, audiences, reads and changes', async () => {
    const clusters = await importModule(endpointsModuleOf('clusters')!)
    expect(Object.keys(clusters).sort()).toEqual(Object.keys(api.clusters).sort())
    for (const [name, endpoint] of Object.entries(api.clusters)) {
      expect(clusters[name]).toEqual({
        id: endpoint.id,
        tag: endpoint.tag,
        method: endpoint.method,
        path: endpoint.path,
        audience: endpoint.audience,
        ...('reads' in endpoint ? { reads: endpoint.reads } : {}),
        ...('changes' in endpoint ? { changes: endpoint.changes } : {}),
      })
    }
  })

  it('names an area by its file and leaves the other contract files alone', () => {
    expect(exportNameOf('custom-solutions')).toBe('customSolutions')
    expect(routingModuleOf('custom-solutions')).toContain('export * as customSolutions from')
    for (const file of ['endpoint', 'client', 'realtime', 'resources', 'index']) {
      expect(routingModuleOf(file)).toBeUndefined()
      expect(endpointsModuleOf(file)).toBeUndefined()
    }
  })

  const workDir = mkdtempSync(path.join(os.tmpdir(), 'contract-routes-'))
  afterAll(() => rmSync(workDir, { recursive: true, force: true }))

  it('swaps an area imported by the web app in a real build: the path is there, the schemas are not', async () => {
    const entry = path.join(workDir, 'entry.ts')
    const contract = path.resolve(import.meta.dirname, '../../common/contract')
    writeFileSync(
      entry,
      `import { clusters } from '${contract}/clusters.ts'\nimport { pathOf } from '${contract}/endpoint.ts'\n` +
        `export const url = pathOf(clusters.get, { id: 'c1' })\n` +
        `export const later = () => import('${contract}/billing.ts').then(({ billing }) => billing.invoices)\n`,
    )
    const output = (await build({
      configFile: false,
      logLevel: 'silent',
      plugins: [contractRoutesInTheBrowser()],
      build: {
        write: false,
        minify: false,
        rolldownOptions: { input: entry },
        lib: { entry, formats: ['es'] },
      },
    })) as Rolldown.RolldownOutput[]
    const code = output
      .flatMap((result) => result.output)
      .map((chunk) => ('code' in chunk ? chunk.code : ''))
      .join('\n')
    expect(code).toContain('/api/clusters/:id')
    // The area's other endpoints stay out of the chunk.
    expect(code).not.toContain(api.clusters.kubeconfig.path)
    // A summary and a schema's refinement are what the real area carries and the browser does not need.
    expect(code).not.toContain(api.clusters.get.summary)
    expect(code).not.toMatch(/from ["']zod["']|ZodObject/)
  })
})
