import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '#server/context.ts'
import { forbidden, HttpError } from '#server/lib/errors.ts'
import { standingOf } from '#server/modules/auth/index.ts'
import { requestCookie, requireUser } from '#server/plugins/auth.ts'
import { requestOrigin } from '#server/plugins/security.ts'

const WEBSOCKET_MAX_MESSAGE_BYTES = 64 * 1024

/** `/ws`: one socket per tab, signed in by the session cookie, fed by the realtime hub. */
export default async function realtimeRoutes(
  app: FastifyInstance,
  ctx: ServerContext & { allowedOrigins: string[] },
) {
  // Registered here, not for the whole app: its hooks and handler wrapper would otherwise run on
  // every request. An upgrade asked of any other path gets that path's plain HTTP answer.
  await app.register(websocket, { options: { maxPayload: WEBSOCKET_MAX_MESSAGE_BYTES } })
  app.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true },
    preValidation: async (request) => {
      // Browsers always send Origin on a WebSocket handshake: another site must not ride the cookie.
      const origin = requestOrigin(request.headers.origin, undefined)
      if (origin !== undefined && !ctx.allowedOrigins.includes(origin))
        throw forbidden('Cross-origin WebSocket refused')
      // A socket is the browser's: an API token is refused here like on the account's routes.
      await requireUser(request)
    },
    // A plain HTTP request gets a JSON error like every other route, not an empty 404.
    handler: async () => {
      throw new HttpError(426, 'Connect to /ws with a WebSocket', { headers: { upgrade: 'websocket' } })
    },
    wsHandler: (socket, request) => {
      const token = requestCookie(request, app.sessionCookieName)!
      const isSignedIn = async () => {
        const session = await app.sessions.find(token)
        return session !== undefined && !session.mfaPending && standingOf(session.user) !== 'refused'
      }
      const { user } = request
      const organizationId = standingOf(user) === 'active' ? user.organizationId : null
      ctx.realtime.attach({ userId: user.id, organizationId }, socket, isSignedIn)
      socket.on('message', (data) => {
        // The only client message is a keep-alive; anything else is ignored.
        if (data.toString() === 'ping') socket.send('pong')
      })
    },
  })
}
