import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ChangeFeed } from '#server/db/change-feed.ts'
import { InvalidatedCache } from './invalidated-cache.ts'

/** For a signed-in person's hot reads: the browser keeps the answer but asks each time (304 if unchanged). */
const PRIVATE_REVALIDATE = 'private, no-cache'

/** What a hot read is kept by, under which topics, how browsers may keep it, and how it is read. */
export type HotRead = {
  key: string
  topics: readonly string[]
  /** Default: the signed-in person's browser keeps it and asks each time. */
  cacheControl?: string
  load: () => Promise<unknown>
}

/** An answer as written on the wire, with its validator for conditional requests. */
export type CachedAnswer = { body: string; etag: string }

/** Answers kept per instance, dropped by the change feed like the sessions. */
export function answerCache(changes: ChangeFeed, capacity: number): InvalidatedCache<CachedAnswer> {
  const cache = new InvalidatedCache<CachedAnswer>(changes, capacity)
  changes.subscribe({ changed: (topic) => cache.changed(topic), reset: () => cache.reset() })
  return cache
}

/**
 * Answers a hot read from memory, already serialized, or loads, serializes (with the route's own
 * serializer) and keeps it under `topics`. A poller that names the answer it has
 * (`If-None-Match`) gets 304 without a body.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: InvalidatedCache<CachedAnswer>,
  { key, topics, cacheControl = PRIVATE_REVALIDATE, load }: HotRead,
): FastifyReply | Promise<FastifyReply> {
  // A hit is answered at once, without waiting a turn for a promise.
  const kept = cache.get(key)
  if (kept) return sendAnswer(request, reply, kept, cacheControl)
  return cache
    .read(
      key,
      async () => {
        const body = String(reply.serialize(await load()))
        return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` }
      },
      () => topics,
    )
    .then((answer) => sendAnswer(request, reply, answer, cacheControl))
}

function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cacheControl: string,
) {
  reply.header('cache-control', cacheControl).header('etag', answer.etag)
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send()
  // A string with a JSON type is sent as it is: it was serialized when it was kept.
  return reply.type('application/json; charset=utf-8').send(answer.body)
}
