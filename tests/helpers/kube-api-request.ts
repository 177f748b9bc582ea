import { request } from 'node:https'

/**
 * One request to the simulated clusters' Kubernetes API listener as kubectl makes it: to the
 * listener's port, naming the cluster's endpoint host in TLS and trusting only that cluster's CA.
 */
export function kubeApiRequest(options: {
  port: number
  serverName: string
  ca: string
  path: string
  token?: string
  method?: string
  headers?: Record<string, string>
  body?: string
}): Promise<{ status: number; body: string; json: () => unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: options.port,
        servername: options.serverName,
        ca: options.ca,
        path: options.path,
        method: options.method ?? 'GET',
        agent: false,
        headers: {
          accept: 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, json: () => JSON.parse(text) }),
        )
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}
