import type { FastifyReply } from 'fastify'
import { z } from 'zod'

/** A download's answer in the OpenAPI document. */
export const file = z.string().describe('file')

/** An attachment goes out with the type read from its content; only images show inline. */
export function sendAttachment(
  reply: FastifyReply,
  attachment: { fileName: string; contentType: string; content: Buffer },
) {
  const disposition = attachment.contentType.startsWith('image/') ? 'inline' : 'attachment'
  return reply
    .type(attachment.contentType)
    .header(
      'content-disposition',
      `${disposition}; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`,
    )
    .header('cache-control', 'private, no-store')
    .send(attachment.content as unknown as string)
}
