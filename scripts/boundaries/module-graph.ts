/**
 * The server's module graph: each folder of server/modules is a module, and so is
 * server/provisioning (the engine the cluster and marketplace modules drive). An edge is a
 * runtime import from a file of one module into a file of another.
 */

export function moduleOf(file: string): string | undefined {
  const match = /^server\/modules\/([^/]+)\//.exec(file) ?? /^server\/(provisioning)\//.exec(file)
  return match?.[1]
}

/** The groups of modules that reach each other, each with a shortest cycle through it. */
export function moduleCycles(
  edges: ReadonlyArray<{ from: string; to: string }>,
): Array<{ group: string[]; cycle: string[] }> {
  const graph = new Map<string, Set<string>>()
  for (const { from, to } of edges) {
    const a = moduleOf(from)
    const b = moduleOf(to)
    if (!a || !b || a === b) continue
    if (!graph.has(a)) graph.set(a, new Set())
    graph.get(a)?.add(b)
  }
  return stronglyConnected(graph)
    .filter((group) => group.length > 1)
    .map((group) => ({ group, cycle: shortestCycleThrough(graph, group) }))
}

/** Tarjan's algorithm: the groups of modules that reach each other. */
function stronglyConnected(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  let next = 0
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next += 1
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0))
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()
        if (member === undefined) break
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      groups.push(group.sort())
    }
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return groups
}

/** A shortest cycle within a group, starting at its first module: what to read to break it. */
function shortestCycleThrough(graph: Map<string, Set<string>>, group: string[]): string[] {
  const members = new Set(group)
  const start = group[0] as string
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift() as string
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue
      if (target === start) {
        const path = [node]
        while (path[0] !== start) path.unshift(previous.get(path[0] as string) as string)
        return path
      }
      if (!previous.has(target)) {
        previous.set(target, node)
        queue.push(target)
      }
    }
  }
  return group
}
