/**
 * Whether a response body shows signs of a stack trace: a frame line ("    at fn (file:1:2)"),
 * a file position, a `file://` URL or a `node_modules/` path. Ordinary prose such as
 * "E-commerce at peak (Black Friday)" does not count.
 */
const STACK_TRACE = /\n\s+at \S|\bat \S+ \([^)]*:\d+:\d+\)|node_modules\/|file:\/\/|\.[cm]?[jt]s:\d+:\d+/

export function containsStackTrace(text: string): boolean {
  return STACK_TRACE.test(text)
}
