import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** Reads a PDF back as a test would: its text, page by page, and its embedded files. */

async function withDocument<T>(
  bytes: Uint8Array,
  read: (document: Awaited<ReturnType<typeof getDocument>['promise']>) => Promise<T>,
): Promise<T> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 })
  try {
    return await read(await task.promise)
  } finally {
    await task.destroy()
  }
}

/** The PDF's text, one line per run of text on the same baseline, spaces collapsed. */
export function pdfText(bytes: Uint8Array): Promise<string> {
  return withDocument(bytes, async (document) => {
    const lines: string[] = []
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number)
      const content = await page.getTextContent()
      let line = ''
      let baseline: number | null = null
      for (const item of content.items) {
        if (!('str' in item)) continue
        const y = item.transform[5] as number
        if (baseline !== null && Math.abs(y - baseline) > 1) {
          lines.push(line.replace(/\s+/g, ' ').trim())
          line = ''
        }
        baseline = y
        line += `${line && item.str ? ' ' : ''}${item.str}`
      }
      if (line.trim()) lines.push(line.replace(/\s+/g, ' ').trim())
    }
    return lines.join('\n')
  })
}

/** The files the PDF carries, by name. */
export function pdfAttachments(bytes: Uint8Array): Promise<Record<string, Buffer>> {
  return withDocument(bytes, async (document) => {
    const attachments = (await document.getAttachments()) ?? new Map()
    const files: Record<string, Buffer> = {}
    for (const [id, file] of attachments) {
      const content = file.content ?? (await document.getAttachmentContent(id))
      if (content) files[file.filename] = Buffer.from(content)
    }
    return files
  })
}
