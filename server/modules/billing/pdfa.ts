import { PDFDict, PDFDocument, PDFName, PDFRef, PDFString } from '@cantoo/pdf-lib'
import type { Language } from '#common/language.ts'

/**
 * The last step of every billing PDF: one set of metadata written both into the Info dictionary
 * and into the XMP packet PDF/A-3B reads, so the two agree (title, author, subject, keywords,
 * creator tool, producer, dates, and the PDF version of the file's header); the document's
 * language as /Lang; and no claim of being tagged (`MarkInfo Marked true`) where there is no
 * structure tree, as the Factur-X library adds an empty one.
 */

export type PdfMetadata = {
  title: string
  author: string
  subject: string
  keywords: string
  creator: string
  producer: string
  language: Language
  /** When the file was made: its creation and modification date. */
  createdAt: Date
}

/** What the XMP says of the Factur-X XML a PDF carries (Factur-X 1.0, its extension schema). */
export type FacturXDescription = { fileName: string; conformanceLevel: string }

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** An XMP date: seconds, UTC. */
const xmpDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`

/** The version in the file's header, `%PDF-1.7`. */
export function headerVersion(bytes: Uint8Array): string {
  const match = /^%PDF-(\d\.\d)/.exec(Buffer.from(bytes.subarray(0, 16)).toString('latin1'))
  if (!match) throw new Error('Not a PDF: no %PDF- header')
  return match[1]!
}

function facturXSchema(facturX: FacturXDescription): string {
  const property = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`
  return `
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>${property('DocumentFileName', 'The name of the embedded XML document')}${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}${property('Version', 'The actual version of the standard applying to the embedded XML document')}${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${escapeXml(facturX.fileName)}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${escapeXml(facturX.conformanceLevel)}</fx:ConformanceLevel>
    </rdf:Description>`
}

/** The XMP packet of a PDF/A-3B file, from the same metadata as its Info dictionary. */
export function xmpPacket(metadata: PdfMetadata, pdfVersion: string, facturX?: FacturXDescription): string {
  const text = (value: string) => escapeXml(value)
  const date = xmpDate(metadata.createdAt)
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${text(metadata.title)}</rdf:li></rdf:Alt></dc:title>
      <dc:creator><rdf:Seq><rdf:li>${text(metadata.author)}</rdf:li></rdf:Seq></dc:creator>
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${text(metadata.subject)}</rdf:li></rdf:Alt></dc:description>
      <dc:language><rdf:Bag><rdf:li>${metadata.language}</rdf:li></rdf:Bag></dc:language>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${text(metadata.producer)}</pdf:Producer>
      <pdf:Keywords>${text(metadata.keywords)}</pdf:Keywords>
      <pdf:PDFVersion>${pdfVersion}</pdf:PDFVersion>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${text(metadata.creator)}</xmp:CreatorTool>
      <xmp:CreateDate>${date}</xmp:CreateDate>
      <xmp:ModifyDate>${date}</xmp:ModifyDate>
      <xmp:MetadataDate>${date}</xmp:MetadataDate>
    </rdf:Description>${facturX ? facturXSchema(facturX) : ''}
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`
}

/** A structure tree with no element in it, as the Factur-X library writes: no structure at all. */
function hasStructure(document: PDFDocument): boolean {
  const root = document.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict)
  return root?.get(PDFName.of('K')) !== undefined
}

/** The PDF with its metadata, language and tagged claim made consistent (see above). */
export async function finishPdfA(
  bytes: Uint8Array,
  metadata: PdfMetadata,
  facturX?: FacturXDescription,
): Promise<Buffer> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false })
  const { catalog, context } = document

  document.setTitle(metadata.title)
  document.setAuthor(metadata.author)
  document.setSubject(metadata.subject)
  document.setKeywords([metadata.keywords])
  document.setCreator(metadata.creator)
  document.setProducer(metadata.producer)
  document.setCreationDate(metadata.createdAt)
  document.setModificationDate(metadata.createdAt)
  catalog.set(PDFName.of('Lang'), PDFString.of(metadata.language))

  if (!hasStructure(document)) {
    for (const key of ['StructTreeRoot', 'MarkInfo']) {
      const value = catalog.get(PDFName.of(key))
      if (value instanceof PDFRef) context.delete(value)
      catalog.delete(PDFName.of(key))
    }
  }

  const previous = catalog.get(PDFName.of('Metadata'))
  if (previous instanceof PDFRef) context.delete(previous)
  const xmp = context.stream(new TextEncoder().encode(xmpPacket(metadata, headerVersion(bytes), facturX)), {
    Type: 'Metadata',
    Subtype: 'XML',
  })
  catalog.set(PDFName.of('Metadata'), context.register(xmp))

  return Buffer.from(await document.save())
}
