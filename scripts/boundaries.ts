/**
 * `npm run boundaries` (a step of `npm test`): the code's boundaries. dependency-cruiser checks the
 * file rules of .dependency-cruiser.cjs (no file cycle, front doors, layers); this script adds the
 * one rule a file-level tool cannot state: no cycle between server modules. Exits 1 on any breach.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { moduleCycles, moduleOf } from './boundaries/module-graph.ts'

// Paths are the repository's; the tree checked is the working folder's (a test plants breaches in
// a folder of its own and runs this there).
const REPOSITORY = path.resolve(import.meta.dirname, '..')
const CONFIG = path.join(REPOSITORY, '.dependency-cruiser.cjs')
const DEPCRUISE = path.join(REPOSITORY, 'node_modules', '.bin', 'depcruise')
const ROOTS = ['server', 'common', 'web', 'cli', 'scripts', 'tests'].filter((root) => existsSync(root))

type CruiseResult = {
  modules: Array<{
    source: string
    dependencies: Array<{ resolved: string; dependencyTypes: string[] }>
  }>
  summary: {
    violations: Array<{ from: string; to: string; cycle?: Array<{ name: string }>; rule: { name: string } }>
  }
}

const run = spawnSync(DEPCRUISE, [...ROOTS, '--config', CONFIG, '--output-type', 'json'], {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
})
if (run.status !== 0 && !run.stdout) {
  console.error(run.stderr)
  process.exit(1)
}
const result = JSON.parse(run.stdout) as CruiseResult

const problems = result.summary.violations.map((violation) =>
  violation.cycle
    ? `${violation.rule.name}: ${[violation.from, ...violation.cycle.map((step) => step.name)].join(' → ')}`
    : `${violation.rule.name}: ${violation.from} → ${violation.to}`,
)

const edges = result.modules
  .filter((module) => !module.source.endsWith('.test.ts'))
  .flatMap((module) =>
    module.dependencies
      .filter((dependency) => !dependency.dependencyTypes.includes('type-only'))
      .map((dependency) => ({ from: module.source, to: dependency.resolved })),
  )
for (const { group, cycle } of moduleCycles(edges)) {
  problems.push(`no-module-cycle: {${group.join(', ')}}, for one: ${[...cycle, cycle[0]].join(' → ')}`)
}

const modules = new Set(result.modules.map((module) => moduleOf(module.source)).filter(Boolean))
if (problems.length > 0) {
  console.error(problems.join('\n'))
  console.error(`\n✘ ${problems.length} boundary breaches (rules and reasons: .dependency-cruiser.cjs)`)
  process.exit(1)
}
console.log(
  `✔ boundaries hold: ${result.modules.length} files, ${modules.size} server modules, no file or module cycle`,
)
