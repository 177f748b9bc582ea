import { ApiError, errorMessageOf } from '#web/lib/api-client.ts'

/**
 * A call whose answer is a file rather than JSON (kubeconfig, manifests as YAML): the same
 * credentials and error messages as the API client, the body returned as text.
 */
export async function requestText(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<string> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  const text = await response.text()
  if (!response.ok) {
    const { message, body: errorBody } = errorMessageOf(response.status, response.statusText, text)
    throw new ApiError(response.status, message, errorBody)
  }
  return text
}
