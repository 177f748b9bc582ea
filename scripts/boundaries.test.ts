import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { moduleCycles } from './boundaries/module-graph.ts'

const SCRIPT = path.resolve(import.meta.dirname, 'boundaries.ts')
const folders: string[] = []

/** A tree of files (path → source) in a folder of its own, checked by the real boundary script. */
function check(files: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'))
  folders.push(root)
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    '{ "compilerOptions": { "allowImportingTsExtensions": true } }',
  )
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), source)
  }
  const run = spawnSync(process.execPath, [SCRIPT], { cwd: root, encoding: 'utf8' })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

/** Two modules that keep the rules: b uses a through its front door. */
const CLEAN = {
  'server/modules/a/index.ts': "export { rule } from './rules.ts'\n",
  'server/modules/a/rules.ts': 'export const rule = 1\n',
  'server/modules/b/index.ts': "export { use } from './service.ts'\n",
  'server/modules/b/service.ts': "import { rule } from '../a/index.ts'\nexport const use = () => rule\n",
  'common/money.ts': 'export const cents = 100\n',
  'web/lib/format.ts': "import { cents } from '../../common/money.ts'\nexport const format = () => cents\n",
  'web/features/clusters/list.ts':
    "import { format } from '../../lib/format.ts'\nexport const list = format\n",
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe('the boundary check', () => {
  it('passes a tree that keeps the rules', () => {
    const { status, output } = check(CLEAN)
    expect(output).toContain('✔ boundaries hold')
    expect(status).toBe(0)
  })

  it.each([
    [
      'module-front-door',
      {
        'server/modules/b/service.ts':
          "import { rule } from '../a/rules.ts'\nexport const use = () => rule\n",
      },
      'module-front-door: server/modules/b/service.ts → server/modules/a/rules.ts',
    ],
    [
      'outside-enters-modules-by-front-door',
      { 'server/jobs/nightly.ts': "import { rule } from '../modules/a/rules.ts'\nexport const job = rule\n" },
      'outside-enters-modules-by-front-door: server/jobs/nightly.ts → server/modules/a/rules.ts',
    ],
    [
      'no-file-cycle',
      {
        'server/lib/one.ts': "import { two } from './two.ts'\nexport const one = () => two\n",
        'server/lib/two.ts': "import { one } from './one.ts'\nexport const two = () => one\n",
      },
      'no-file-cycle: server/lib/',
    ],
    [
      'no-module-cycle',
      {
        'server/modules/a/index.ts': "export { rule } from './rules.ts'\n",
        'server/modules/a/rules.ts': "import { use } from '../b/index.ts'\nexport const rule = () => use\n",
        'server/modules/b/service.ts':
          "import { rule } from '../a/index.ts'\nexport const use = () => rule\n",
      },
      'no-module-cycle: {a, b}',
    ],
    [
      'app-registers-module-routes',
      { 'server/app.ts': "import { rule } from './modules/a/rules.ts'\nexport const app = rule\n" },
      'app-registers-module-routes: server/app.ts → server/modules/a/rules.ts',
    ],
    [
      'provisioning-front-door',
      {
        'server/provisioning/index.ts': "export { step } from './step.ts'\n",
        'server/provisioning/step.ts': 'export const step = 1\n',
        'server/modules/b/service.ts':
          "import { step } from '../../provisioning/step.ts'\nexport const use = step\n",
      },
      'provisioning-front-door: server/modules/b/service.ts → server/provisioning/step.ts',
    ],
    [
      'provisioning-imports-no-module',
      {
        'server/provisioning/index.ts':
          "import { rule } from '../modules/a/index.ts'\nexport const step = rule\n",
      },
      'provisioning-imports-no-module: server/provisioning/index.ts → server/modules/a/index.ts',
    ],
    [
      'common-imports-no-server-or-web',
      {
        'common/money.ts': "import { rule } from '../server/modules/a/index.ts'\nexport const cents = rule\n",
      },
      'common-imports-no-server-or-web: common/money.ts → server/modules/a/index.ts',
    ],
    [
      'web-shared-imports-no-feature',
      {
        'web/lib/format.ts':
          "import { list } from '../features/clusters/list.ts'\nexport const format = list\n",
      },
      'web-shared-imports-no-feature: web/lib/format.ts → web/features/clusters/list.ts',
    ],
    [
      'feature-imports-no-route',
      {
        'web/routes/clusters.tsx': 'export const page = 1\n',
        'web/features/clusters/list.ts':
          "import { page } from '../../routes/clusters.tsx'\nexport const list = page\n",
      },
      'feature-imports-no-route: web/features/clusters/list.ts → web/routes/clusters.tsx',
    ],
    [
      'feature-imports-no-route (the shell)',
      {
        'web/shell/header.tsx': 'export const header = 1\n',
        'web/features/clusters/list.ts':
          "import { header } from '../../shell/header.tsx'\nexport const list = header\n",
      },
      'feature-imports-no-route: web/features/clusters/list.ts → web/shell/header.tsx',
    ],
    [
      'feature-imports-no-other-feature',
      {
        'web/features/billing/total.ts':
          "import { list } from '../clusters/list.ts'\nexport const total = list\n",
      },
      'feature-imports-no-other-feature: web/features/billing/total.ts → web/features/clusters/list.ts',
    ],
    [
      'browser-imports-no-server',
      {
        'web/features/clusters/list.ts':
          "import { rule } from '../../../server/modules/a/index.ts'\nexport const list = rule\n",
      },
      'browser-imports-no-server: web/features/clusters/list.ts → server/modules/a/index.ts',
    ],
  ])('fails on a planted breach of %s, naming it', (_rule, planted, expected) => {
    const { status, output } = check({ ...CLEAN, ...planted })
    expect(output).toContain(expected)
    expect(status).toBe(1)
  })
})

describe('moduleCycles', () => {
  it('finds each group of modules that reach each other once, with a cycle through it', () => {
    const edges = [
      { from: 'server/modules/auth/a.ts', to: 'server/modules/users/index.ts' },
      { from: 'server/modules/users/b.ts', to: 'server/modules/organizations/index.ts' },
      { from: 'server/modules/organizations/c.ts', to: 'server/modules/auth/index.ts' },
      { from: 'server/modules/orders/d.ts', to: 'server/provisioning/index.ts' },
      { from: 'server/lib/e.ts', to: 'server/modules/orders/index.ts' },
    ]
    expect(moduleCycles(edges)).toEqual([
      { group: ['auth', 'organizations', 'users'], cycle: ['auth', 'users', 'organizations'] },
    ])
  })

  it('reads files outside the modules as no module', () => {
    expect(moduleCycles([{ from: 'server/lib/a.ts', to: 'server/lib/b.ts' }])).toEqual([])
  })
})
