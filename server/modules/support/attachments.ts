import {
  ATTACHMENT_TYPES,
  type AttachmentContentType,
  type AttachmentUpload,
  MAX_ATTACHMENT_BYTES,
} from '#common/schemas/support.ts'
import { HttpError } from '#server/lib/errors.ts'

/**
 * Attachments are trusted by their content, never by their name: the first bytes must be those
 * of the type the name's ending announces (PNG, JPEG, PDF), and text or logs must be UTF-8
 * without binary control bytes.
 */

const SIGNATURES: Partial<Record<AttachmentContentType, Buffer>> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
  'application/pdf': Buffer.from('%PDF-', 'latin1'),
}

const TYPE_NAMES: Record<AttachmentContentType, string> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'application/pdf': 'a PDF document',
  'text/plain': 'plain text',
}

/** The type of `content` as read from its bytes, or null when it is none of the accepted ones. */
export function sniffContentType(content: Buffer): AttachmentContentType | null {
  for (const [type, signature] of Object.entries(SIGNATURES))
    if (content.subarray(0, signature.length).equals(signature)) return type as AttachmentContentType
  return isPlainText(content) ? 'text/plain' : null
}

function isPlainText(content: Buffer): boolean {
  // Tabs, line feeds, carriage returns and form feeds are text; other C0 bytes and DEL are not.
  for (const byte of content)
    if ((byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(byte)) || byte === 0x7f) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content)
    return true
  } catch {
    return false
  }
}

export type CheckedAttachment = { fileName: string; contentType: AttachmentContentType; content: Buffer }

/** Decodes and checks one upload of the API (a visitor's may be smaller than a member's). */
export function checkAttachment(
  upload: AttachmentUpload,
  maxBytes = MAX_ATTACHMENT_BYTES,
): CheckedAttachment {
  return checkFile(upload.fileName, Buffer.from(upload.contentBase64, 'base64'), maxBytes)
}

/** Checks one file (an upload, a mail's attachment): 413 when too large, 415 when its content is not what its name says. */
export function checkFile(
  fileName: string,
  content: Buffer,
  maxBytes = MAX_ATTACHMENT_BYTES,
): CheckedAttachment {
  if (content.length > maxBytes)
    throw new HttpError(
      413,
      `“${fileName}” is ${(content.length / 1024 / 1024).toFixed(1)} MB: each attachment may be up to ${maxBytes / 1024 / 1024} MB`,
      { code: 'ATTACHMENT_TOO_LARGE' },
    )
  const extension = fileName.split('.').pop()?.toLowerCase() ?? ''
  const announced = (ATTACHMENT_TYPES as Record<string, AttachmentContentType>)[extension]
  if (!announced)
    throw new HttpError(
      415,
      `“${fileName}” is not a file we accept: attach PNG, JPEG, PDF, text or log files`,
      {
        code: 'ATTACHMENT_TYPE_REFUSED',
      },
    )
  if (content.length === 0 || sniffContentType(content) !== announced)
    throw new HttpError(415, `“${fileName}” is not ${TYPE_NAMES[announced]}, as its name says`, {
      code: 'ATTACHMENT_TYPE_MISMATCH',
    })
  return { fileName: fileName, contentType: announced, content }
}
