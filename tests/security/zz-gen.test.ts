import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { it } from 'vitest'
import { fuzzRequests, operationsOf } from './fuzz.ts'
it('gen', () => {
  const doc = JSON.parse(readFileSync('/tmp/openapi.json', 'utf8'))
  const ops = operationsOf(doc)
  const arb = fuzzRequests(ops, { ids: ['6f1c1b7e-7c1a-4b8e-9d7a-1c2b3d4e5f60'], values: { username: ['demo'], password: ['x'.repeat(21)] }, origin: 'http://localhost:3000' })
  let t = Date.now()
  const reqs = fc.sample(arb, { seed: 1, numRuns: 400 })
  console.log('sample 400', Date.now() - t)
  for (const op of ops) {
    t = Date.now()
    fc.sample(fuzzRequests([op], { ids: ['6f1c1b7e-7c1a-4b8e-9d7a-1c2b3d4e5f60'], values: {}, origin: 'x' }), { seed: 1, numRuns: 30 })
    console.log(op.method, op.path, Date.now() - t)
  }
})
