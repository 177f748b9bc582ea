import net from 'node:net'

/**
 * A hand-driven SMTP session over a plain socket: what a test needs to see exactly which command a
 * server answers and how (a refusal at RCPT TO rather than after DATA, a message streamed without a
 * declared SIZE, a connection the server closes).
 */
export class SmtpSession {
  private buffer = ''
  private waiting: ((reply: SmtpReply) => void) | undefined
  private readonly replies: SmtpReply[] = []
  /** Resolves once the server has closed the connection. */
  readonly closed: Promise<void>

  private readonly socket: net.Socket

  private constructor(socket: net.Socket) {
    this.socket = socket
    socket.setEncoding('utf8')
    socket.on('data', (data: string) => {
      this.buffer += data
      this.takeReplies()
    })
    socket.on('error', () => {})
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()))
  }

  /** Connects and reads the greeting (220, or 421 from a busy server). */
  static async open(port: number): Promise<{ session: SmtpSession; greeting: SmtpReply }> {
    const socket = net.connect(port, '127.0.0.1')
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('error', reject)
    })
    const session = new SmtpSession(socket)
    return { session, greeting: await session.reply() }
  }

  private takeReplies() {
    // A reply ends with a line "NNN text" (continuation lines are "NNN-text").
    for (;;) {
      const match = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(this.buffer)
      if (!match) return
      const end = match.index + match[0].length
      const text = this.buffer.slice(0, end).replace(/^\r\n/, '')
      this.buffer = this.buffer.slice(end)
      const reply = { code: Number(match[1]), text: text.trim() }
      if (this.waiting) {
        const resolve = this.waiting
        this.waiting = undefined
        resolve(reply)
      } else this.replies.push(reply)
    }
  }

  /** The next reply of the server, within `timeoutMs`. */
  reply(timeoutMs = 20_000): Promise<SmtpReply> {
    const ready = this.replies.shift()
    if (ready) return Promise.resolve(ready)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('No SMTP reply in time')), timeoutMs)
      this.waiting = (reply) => {
        clearTimeout(timer)
        resolve(reply)
      }
    })
  }

  async command(line: string): Promise<SmtpReply> {
    await this.write(`${line}\r\n`)
    return this.reply()
  }

  /** Writes, waiting for the socket to drain (a large message is sent as fast as the server reads it). */
  write(data: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.socket.write(data)) return resolve()
      this.socket.once('drain', resolve)
      this.socket.once('error', reject)
    })
  }

  close() {
    this.socket.destroy()
  }
}

export type SmtpReply = { code: number; text: string }

/** A message of about `bytes` bytes: headers, then lines of text (no line starts with a dot). */
export async function streamMessage(session: SmtpSession, headers: string, bytes: number): Promise<void> {
  await session.write(`${headers}\r\n\r\n`)
  const line = `${'x'.repeat(998)}\r\n`
  const chunk = line.repeat(64)
  for (let written = 0; written < bytes; written += chunk.length) await session.write(chunk)
  await session.write('\r\n.\r\n')
}
