import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString } from '@cantoo/pdf-lib'

/**
 * What a PDF says of itself, read as PDF/A checks it: its fonts as poppler's pdffonts lists them,
 * its header version, its Info dictionary and catalog parsed by pdf-lib, and its XMP packet.
 */

export type PdfFont = { name: string; embedded: boolean; subset: boolean }

/** pdffonts, installed from Debian's packages when missing and we are root. */
function ensurePdffonts() {
  if (spawnSync('pdffonts', ['-v'], { stdio: 'ignore' }).status === 0) return
  const installed = spawnSync('bash', ['scripts/ensure-document-tools.sh'], { encoding: 'utf8' })
  if (installed.status !== 0) throw new Error(`pdffonts is missing: ${installed.stderr}`)
}

/** Every font of the PDF as `pdffonts` lists it (name, then its emb and sub columns). */
export function pdfFonts(bytes: Uint8Array): PdfFont[] {
  ensurePdffonts()
  const directory = mkdtempSync(path.join(os.tmpdir(), 'pdffonts-'))
  try {
    const file = path.join(directory, 'document.pdf')
    writeFileSync(file, bytes)
    const result = spawnSync('pdffonts', [file], { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`pdffonts failed: ${result.stderr}`)
    const lines = result.stdout.split('\n')
    // The dashes under the header give each column's width.
    const rule = lines[1]!
    const columns = [...rule.matchAll(/-+/g)].map((match) => [match.index, match.index + match[0].length])
    const cell = (line: string, index: number) => line.slice(columns[index]![0], columns[index]![1]).trim()
    return lines
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => ({
        name: cell(line, 0),
        embedded: cell(line, 3) === 'yes',
        subset: cell(line, 4) === 'yes',
      }))
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

export type PdfSelfDescription = {
  headerVersion: string
  info: {
    title?: string
    author?: string
    subject?: string
    keywords?: string
    creator?: string
    producer?: string
  }
  lang?: string
  marked: boolean
  hasStructTreeRoot: boolean
  xmp: string
}

export async function pdfSelfDescription(bytes: Uint8Array): Promise<PdfSelfDescription> {
  const header = /^%PDF-(\d\.\d)/.exec(Buffer.from(bytes.subarray(0, 16)).toString('latin1'))
  const document = await PDFDocument.load(bytes, { updateMetadata: false })
  const { catalog } = document
  const markInfo = catalog.lookupMaybe(PDFName.of('MarkInfo'), PDFDict)
  const metadata = catalog.lookup(PDFName.of('Metadata'))
  const lang = catalog.lookupMaybe(PDFName.of('Lang'), PDFString)
  return {
    headerVersion: header?.[1] ?? '',
    info: {
      title: document.getTitle(),
      author: document.getAuthor(),
      subject: document.getSubject(),
      keywords: document.getKeywords(),
      creator: document.getCreator(),
      producer: document.getProducer(),
    },
    lang: lang?.decodeText(),
    marked: markInfo?.get(PDFName.of('Marked'))?.toString() === 'true',
    hasStructTreeRoot: catalog.get(PDFName.of('StructTreeRoot')) !== undefined,
    xmp:
      metadata instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(metadata).decode()) : '',
  }
}

/** The text of one XMP property (the first `rdf:li` of a list, or the element's own text). */
export function xmpValue(xmp: string, property: string): string | undefined {
  const element = new RegExp(`<${property}(?:\\s[^>]*)?>([\\s\\S]*?)</${property}>`).exec(xmp)?.[1]
  if (element === undefined) return undefined
  const item = /<rdf:li(?:\s[^>]*)?>([\s\S]*?)<\/rdf:li>/.exec(element)?.[1]
  return unescapeXml((item ?? element).trim())
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
