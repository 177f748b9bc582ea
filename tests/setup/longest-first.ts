import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Test files that take minutes on their own, started before the others: run in the usual order
 * (larger files first when no timings are kept, as on a fresh clone) the server-process file
 * started last and the whole run waited about 100 s for it alone (docs/quality.md).
 */
const LONGEST = ['tests/api/process-lifecycle.test.ts']

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) => {
      const index = LONGEST.findIndex((name) => spec.moduleId.endsWith(name))
      return index === -1 ? LONGEST.length : index
    }
    // Array.prototype.sort is stable: every other file keeps its place.
    return sorted.toSorted((a, b) => rank(a) - rank(b))
  }
}
