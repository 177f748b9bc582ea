/** A small element builder for the islands: attributes (class, data-*, aria-*) and children. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue
    node.setAttribute(name, value === true ? '' : value)
  }
  node.append(...children)
  return node
}

/** The SVG of a lucide icon, drawn as lucide-react draws it (paths are lucide's own). */
export function icon(paths: string[], className = 'size-4'): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
  for (const [name, value] of Object.entries({
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    class: className,
  })) {
    svg.setAttribute(name, value)
  }
  for (const d of paths) {
    const path = document.createElementNS('http://www.w3.org/2000/svg', 'path')
    path.setAttribute('d', d)
    svg.append(path)
  }
  return svg
}

/** Storage that may refuse access (private modes, blocked cookies): reads give null, writes are skipped. */
export function safeStorage(
  kind: 'localStorage' | 'sessionStorage',
): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const storage = window[kind]
    return storage
  } catch {
    return { getItem: () => null, setItem: () => {}, removeItem: () => {} }
  }
}
