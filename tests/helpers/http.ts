import http from 'node:http'

/** What a request to a real server came to: an answer read to its end, or the error that ended it. */
export type Outcome =
  | { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number }
  | { error: string; ms: number }

type RequestOptions = {
  method?: string
  headers?: Record<string, string>
  body?: string
  /** `false` (the default) opens a connection of its own; pass a keep-alive agent to reuse one. */
  agent?: http.Agent | false
  /** The request counts as hung after this long (error `TIMEOUT`). */
  timeoutMs?: number
}

/** One HTTP request over a real socket; never throws, so load loops can record every outcome. */
export function httpRequest(url: string, options: RequestOptions = {}): Promise<Outcome> {
  const held = heldRequest(url, options)
  held.finish()
  return held.outcome
}

/**
 * A request whose body is sent in two halves: the server holds it in flight (headers read, body
 * awaited) until `finish()` sends the rest, so a test can know a request is under way on the
 * server at a given moment.
 */
export function heldRequest(url: string, options: RequestOptions = {}) {
  const started = Date.now()
  const body = options.body ?? ''
  const half = Math.floor(body.length / 2)
  const request = http.request(url, {
    method: options.method ?? 'GET',
    agent: options.agent ?? false,
    headers: {
      ...options.headers,
      ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
    },
  })
  const outcome = new Promise<Outcome>((resolve) => {
    const fail = (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, ms: Date.now() - started })
    const timer = setTimeout(
      () => request.destroy(Object.assign(new Error('hung'), { code: 'TIMEOUT' })),
      options.timeoutMs ?? 15_000,
    )
    request.on('error', (error) => {
      clearTimeout(timer)
      fail(error)
    })
    request.on('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.on('error', (error) => {
        clearTimeout(timer)
        fail(error)
      })
      response.on('end', () => {
        clearTimeout(timer)
        // A body cut short by a closing socket ends without `complete`.
        if (!response.complete) resolve({ error: 'INCOMPLETE_BODY', ms: Date.now() - started })
        else
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            ms: Date.now() - started,
          })
      })
    })
  })
  // Without a body nothing is sent before `finish()`: flushing the headers early would make it chunked.
  if (half > 0) request.write(body.slice(0, half))
  return {
    outcome,
    finish: () => {
      request.end(body.slice(half))
      return outcome
    },
  }
}

export function isAnswer(outcome: Outcome): outcome is Extract<Outcome, { status: number }> {
  return 'status' in outcome
}
