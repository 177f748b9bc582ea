import { describe, expect, it } from 'vitest'
import { driverCluster, nodePool } from '#tests/helpers/driver-cluster.ts'
import type { DriverNode } from '../driver.ts'
import { nodeAt, scaleProgress, sortNodes, upgradeProgress } from './nodes.ts'

const cluster = driverCluster('shop', [nodePool('web', 'gp-2-8', 2), nodePool('jobs', 'gp-2-8', 1)], {
  id: '5b7e1c2a-9d3f-4e8a-b6c1-2f4a6d8e0b13',
})

const STEP_SECONDS = 60
const at = (fraction: number) => ({ fraction, seconds: STEP_SECONDS })
const summary = (nodes: DriverNode[]) => nodes.map((node) => `${node.name}:${node.status}`)
const started = [
  nodeAt(cluster, 'web', 0, '1.36.6'),
  nodeAt(cluster, 'web', 1, '1.36.6'),
  nodeAt(cluster, 'jobs', 0, '1.36.6'),
]

describe('the nodes of a simulated cluster', () => {
  it('are named <cluster>-<pool>-<suffix>, on the pool’s /24 of the node network', () => {
    for (const node of started) {
      expect(node.name).toMatch(new RegExp(`^shop-${node.poolName}-[bcdfghjklmnpqrstvwxz2456789]{5}$`))
      expect(node.internalIp).toMatch(node.poolName === 'web' ? /^10\.0\.1\.1[01]$/ : /^10\.0\.2\.10$/)
    }
    expect(nodeAt(cluster, 'web', 1, '1.36.6')).toEqual(started[1])
  })

  it('read pool by pool in the configuration’s order, by name within a pool', () => {
    const shuffled = [started[2]!, started[1]!, started[0]!]
    const sorted = sortNodes(cluster, shuffled)
    expect(sorted.map((node) => node.poolName)).toEqual(['web', 'web', 'jobs'])
    expect(sorted[0]!.name < sorted[1]!.name).toBe(true)
  })

  it('grow one node at a time: it joins, then turns Ready, and the next one follows', () => {
    const targets = new Map([['web', 4]])
    const begin = scaleProgress(cluster, started, targets, '1.36.6', at(0))
    expect(begin.nodes).toHaveLength(4)
    expect(begin.nodes.filter((node) => node.status === 'provisioning')).toHaveLength(1)
    expect(begin.secondsToNext).toBeCloseTo(30)

    const half = scaleProgress(cluster, started, targets, '1.36.6', at(0.5))
    expect(half.nodes.filter((node) => node.status === 'ready')).toHaveLength(4)
    expect(half.nodes.filter((node) => node.status === 'provisioning')).toHaveLength(1)
    // The node that joined first is the one that is Ready now.
    const joining = begin.nodes.find((node) => node.status === 'provisioning')!
    expect(half.nodes.find((node) => node.name === joining.name)?.status).toBe('ready')

    const end = scaleProgress(cluster, started, targets, '1.36.6', at(1))
    expect(end.done).toBe(true)
    expect(summary(end.nodes).filter((entry) => entry.endsWith(':ready'))).toHaveLength(5)
    expect(end.nodes.map((node) => node.name)).toEqual(
      expect.arrayContaining(started.map((node) => node.name)),
    )
  })

  it('shrink by draining the newest node first, one at a time, down to zero', () => {
    const hibernate = new Map([
      ['web', 0],
      ['jobs', 0],
    ])
    const begin = scaleProgress(cluster, started, hibernate, '1.36.6', at(0))
    expect(summary(begin.nodes)).toContain(`${started[1]!.name}:draining`)
    expect(begin.nodes.filter((node) => node.status === 'draining')).toHaveLength(1)
    const third = scaleProgress(cluster, started, hibernate, '1.36.6', at(0.34))
    expect(third.nodes.map((node) => node.name)).not.toContain(started[1]!.name)
    expect(scaleProgress(cluster, started, hibernate, '1.36.6', at(1)).nodes).toEqual([])

    const wake = scaleProgress(
      cluster,
      [],
      new Map([
        ['web', 2],
        ['jobs', 1],
      ]),
      '1.36.6',
      at(1),
    )
    expect(sortNodes(cluster, wake.nodes).map((node) => node.name)).toEqual(
      sortNodes(cluster, started).map((node) => node.name),
    )
  })

  it('upgrade pool by pool with a surge of one: a new node is Ready before an old one drains', () => {
    const moments = [0, 0.17, 0.34, 0.5, 0.67, 0.84, 1].map(
      (fraction) => upgradeProgress(cluster, started, '1.37.2', at(fraction)).nodes,
    )
    for (const nodes of moments) {
      const ready = nodes.filter((node) => node.status === 'ready')
      // Never fewer Ready nodes than the cluster had, never more than one extra.
      expect(ready.length).toBeGreaterThanOrEqual(started.length - 1)
      expect(nodes.length).toBeLessThanOrEqual(started.length + 1)
    }
    // The web pool is done before the jobs pool starts.
    const middle = moments[4]!
    expect(
      middle.filter((node) => node.poolName === 'web').every((node) => node.kubeletVersion === '1.37.2'),
    ).toBe(true)
    expect(middle.some((node) => node.poolName === 'jobs' && node.kubeletVersion === '1.36.6')).toBe(true)

    const end = moments.at(-1)!
    expect(end).toHaveLength(3)
    expect(new Set(end.map((node) => node.kubeletVersion))).toEqual(new Set(['1.37.2']))
    expect(end.map((node) => node.name)).not.toEqual(expect.arrayContaining([started[0]!.name]))
    expect(new Set(end.map((node) => node.internalIp)).size).toBe(3)
  })
})
