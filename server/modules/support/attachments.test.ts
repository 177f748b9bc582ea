import { describe, expect, it } from 'vitest'
import { MAX_ATTACHMENT_BYTES } from '#common/schemas/support.ts'
import { HttpError } from '#server/lib/errors.ts'
import { checkAttachment, sniffContentType } from './attachments.ts'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
const upload = (fileName: string, content: Buffer) => ({
  fileName,
  contentBase64: content.toString('base64'),
})
const statusOf = (run: () => unknown) => {
  try {
    run()
    return 200
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : 500
  }
}

describe('attachments', () => {
  it('reads the type from the content', () => {
    expect(sniffContentType(PNG)).toBe('image/png')
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffContentType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf')
    expect(sniffContentType(Buffer.from('2026-11-26 10:00 error: pod crashed\n\tat main'))).toBe('text/plain')
    expect(sniffContentType(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeNull()
    expect(sniffContentType(Buffer.from([0xc3, 0x28]))).toBeNull()
  })

  it('accepts a file whose content is what its name says', () => {
    expect(checkAttachment(upload('screen.PNG', PNG))).toMatchObject({
      contentType: 'image/png',
      fileName: 'screen.PNG',
    })
    expect(checkAttachment(upload('kubelet.log', Buffer.from('ready\n'))).contentType).toBe('text/plain')
  })

  it('refuses with 415 a content unlike its name, an unknown type or an empty file', () => {
    expect(statusOf(() => checkAttachment(upload('report.pdf', PNG)))).toBe(415)
    expect(statusOf(() => checkAttachment(upload('notes.txt', Buffer.from([0x4d, 0x5a, 0x00]))))).toBe(415)
    expect(statusOf(() => checkAttachment(upload('setup.exe', Buffer.from('text'))))).toBe(415)
    expect(statusOf(() => checkAttachment(upload('empty.txt', Buffer.alloc(0))))).toBe(415)
  })

  it('refuses with 413 a file over the limit', () => {
    const large = Buffer.concat([PNG, Buffer.alloc(MAX_ATTACHMENT_BYTES)])
    expect(statusOf(() => checkAttachment(upload('huge.png', large)))).toBe(413)
  })
})
