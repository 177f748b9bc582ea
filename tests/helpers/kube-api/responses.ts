import type http from 'node:http'
import type { Resource } from './resources.ts'

export function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

/** A Status object shaped like the real API server's errors (client-node reads `reason` and `code`). */
export function sendStatus(
  response: http.ServerResponse,
  code: number,
  reason: string,
  message: string,
  resource?: Resource,
  name?: string,
) {
  send(response, code, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(name
      ? { details: { name, ...(resource ? { group: resource.group, kind: resource.plural } : {}) } }
      : {}),
    code,
  })
}
