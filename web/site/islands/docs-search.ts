import { element } from './dom.ts'
import { fill, type IslandStrings } from './island-strings.ts'

/**
 * The documentation's search box: as you type, the sections whose words contain every term are
 * listed with a link, and the others are dimmed in the page.
 */
export function attachDocsSearch(strings: IslandStrings): void {
  const box = document.querySelector<HTMLElement>('[data-island="docs-search"]')
  const input = box?.querySelector<HTMLInputElement>('input[type="search"]')
  const status = box?.querySelector<HTMLElement>('[role="status"]')
  const results = box?.querySelector<HTMLElement>('[data-search-results]')
  if (!box || !input || !status || !results) return
  const sections = [...document.querySelectorAll<HTMLElement>('[data-search-section]')].map((section) => ({
    section,
    title: section.querySelector('h2')?.textContent ?? '',
    words: normalise(section.textContent ?? ''),
  }))
  box.hidden = false
  input.addEventListener('input', () => {
    const query = input.value.trim()
    const terms = normalise(query).split(' ').filter(Boolean)
    const matches = sections.filter(({ words }) => terms.every((term) => words.includes(term)))
    for (const { section } of sections) {
      section.classList.toggle(
        'opacity-40',
        terms.length > 0 && !matches.some((match) => match.section === section),
      )
    }
    if (terms.length === 0) {
      status.textContent = ''
      results.replaceChildren()
      return
    }
    status.textContent =
      matches.length === 0
        ? fill(strings.search.none, { query })
        : matches.length === 1
          ? strings.search.resultsOne
          : fill(strings.search.resultsOther, { count: matches.length })
    results.replaceChildren(
      ...matches.map(({ section, title }) =>
        element('li', {}, [
          element(
            'a',
            { href: `#${section.id}`, class: 'block rounded px-2 py-1 text-primary hover:bg-accent' },
            [title],
          ),
        ]),
      ),
    )
  })
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
}
