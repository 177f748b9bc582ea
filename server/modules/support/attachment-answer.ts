import type { FastifyInstance, FastifyReply } from 'fastify'

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

/**
 * Registers the routes that carry files with the body limit they need (attachments in base64
 * weigh more than Fastify's default). serve() takes no body limit, so this scope sets it on each
 * route as the route is added; the routes outside the scope keep the default.
 */
export async function withBodyLimit(
  app: FastifyInstance,
  bodyLimit: number,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = bodyLimit
    })
    routes(scope)
  })
}
