import { Marked, type Tokens } from 'marked'

/** A Markdown file of web/content: its front matter, its HTML and what the page's contents list needs. */
export type MarkdownDocument = {
  slug: string
  title: string
  description: string
  /** Other front-matter keys (tutorials: level, minutes, summary). */
  meta: Record<string, string>
  html: string
  /** The ## and ### headings, in order, with the ids their HTML carries. */
  headings: { id: string; text: string; depth: 2 | 3 }[]
  /** The words of the document without markup, for the client-side search. */
  text: string
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/

/** `key: value` lines between two `---` lines; the file must name a title and a description. */
export function parseFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const match = FRONT_MATTER.exec(source.replace(/\r\n/g, '\n'))
  if (!match) throw new Error('missing front matter (--- title/description ---)')
  const data: Record<string, string> = {}
  for (const line of (match[1] ?? '').split('\n')) {
    const separator = line.indexOf(':')
    if (separator <= 0) continue
    data[line.slice(0, separator).trim()] = line.slice(separator + 1).trim()
  }
  return { data, body: source.replace(/\r\n/g, '\n').slice(match[0].length) }
}

/** A heading's anchor: lower case, accents and punctuation dropped, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export function parseMarkdown(slug: string, source: string): MarkdownDocument {
  const { data, body } = parseFrontMatter(source)
  const { title, description, ...meta } = data
  if (!title || !description) throw new Error(`${slug}: front matter needs a title and a description`)
  const headings: MarkdownDocument['headings'] = []
  const usedIds = new Map<string, number>()
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens)
        const plain = tokens.map((token) => ('text' in token ? token.text : token.raw)).join('')
        const base = slugify(plain) || 'section'
        const seen = usedIds.get(base) ?? 0
        usedIds.set(base, seen + 1)
        const id = seen === 0 ? base : `${base}-${seen + 1}`
        if (depth === 2 || depth === 3) headings.push({ id, text: plain, depth })
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`
      },
    },
  })
  const html = marked.parse(body, { async: false })
  const text = body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`|[\]()-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return { slug, title, description, meta, html, headings, text }
}
