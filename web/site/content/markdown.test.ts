import { describe, expect, it } from 'vitest'
import { parseFrontMatter, parseMarkdown, slugify } from './markdown.ts'

describe('parseFrontMatter', () => {
  it('reads key: value lines and returns the body after them', () => {
    const { data, body } = parseFrontMatter('---\ntitle: GPU: workloads\nminutes: 20\n---\nHello')
    expect(data).toEqual({ title: 'GPU: workloads', minutes: '20' })
    expect(body).toBe('Hello')
  })

  it('refuses a file without front matter', () => {
    expect(() => parseFrontMatter('# Title')).toThrow(/front matter/)
  })
})

describe('slugify', () => {
  it('drops accents and punctuation', () => {
    expect(slugify('Kubeconfig et kubectl : démarrer')).toBe('kubeconfig-et-kubectl-demarrer')
    expect(slugify('API & tokens')).toBe('api-tokens')
  })
})

describe('parseMarkdown', () => {
  const source = [
    '---',
    'title: Getting started',
    'description: First steps.',
    'level: beginner',
    '---',
    'Intro with `code`.',
    '',
    '## Create an account',
    '',
    '### Verify',
    '',
    '## Create an account',
    '',
    '```bash',
    'kubectl get nodes',
    '```',
  ].join('\n')
  const document = parseMarkdown('getting-started', source)

  it('keeps the title, description and other keys apart', () => {
    expect(document.title).toBe('Getting started')
    expect(document.description).toBe('First steps.')
    expect(document.meta).toEqual({ level: 'beginner' })
  })

  it('gives every heading a unique id and lists the ## and ### ones', () => {
    expect(document.headings).toEqual([
      { id: 'create-an-account', text: 'Create an account', depth: 2 },
      { id: 'verify', text: 'Verify', depth: 3 },
      { id: 'create-an-account-2', text: 'Create an account', depth: 2 },
    ])
    expect(document.html).toContain('<h2 id="create-an-account-2">Create an account</h2>')
  })

  it('escapes code and keeps its language', () => {
    expect(document.html).toContain('<code class="language-bash">kubectl get nodes')
  })

  it('keeps the searchable words without the code blocks', () => {
    expect(document.text).toContain('Create an account')
    expect(document.text).not.toContain('kubectl get nodes')
  })
})
