import dgram from 'node:dgram'
import net from 'node:net'

/**
 * A tiny DNS server over UDP on 127.0.0.1 answering A and AAAA questions from a table the test
 * changes at will (a name that resolves to a public address, then to a private one). Answers carry
 * a TTL of 0 so no resolver keeps them; an unknown name is NXDOMAIN.
 */

export type DnsRecords = { A?: string[]; AAAA?: string[] }

export type DnsServer = {
  /** `127.0.0.1:<port>`, as OUTBOUND_DNS_SERVERS takes it. */
  address: string
  /** Every question asked, `<name> <type>`, in order. */
  questions: string[]
  set: (name: string, records: DnsRecords | undefined) => void
  close: () => Promise<void>
}

const TYPE_A = 1
const TYPE_AAAA = 28
const TYPE_NAMES: Record<number, string> = { [TYPE_A]: 'A', [TYPE_AAAA]: 'AAAA' }
const CLASS_IN = 1
const NXDOMAIN = 3
const FORMERR = 1

export async function startDnsServer(initial: Record<string, DnsRecords> = {}): Promise<DnsServer> {
  const table = new Map(Object.entries(initial).map(([name, records]) => [normalName(name), records]))
  const questions: string[] = []
  const socket = dgram.createSocket('udp4')
  socket.on('message', (query, peer) => {
    const answer = answerTo(query, table, questions)
    if (answer) socket.send(answer, peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  return {
    address: `127.0.0.1:${socket.address().port}`,
    questions,
    set: (name, records) => {
      if (records) table.set(normalName(name), records)
      else table.delete(normalName(name))
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  }
}

function normalName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '')
}

/** The response to one query, or undefined for a packet too short to be one. */
function answerTo(query: Buffer, table: Map<string, DnsRecords>, questions: string[]): Buffer | undefined {
  if (query.length < 12) return undefined
  const id = query.readUInt16BE(0)
  const recursionDesired = query.readUInt16BE(2) & 0x0100
  const question = readQuestion(query, 12)
  if (!question || query.readUInt16BE(4) !== 1) return header(id, recursionDesired, FORMERR, 0, 0)
  questions.push(`${question.name} ${TYPE_NAMES[question.type] ?? question.type}`)
  const records = table.get(question.name)
  const questionBytes = query.subarray(12, question.end)
  if (!records) return Buffer.concat([header(id, recursionDesired, NXDOMAIN, 1, 0), questionBytes])
  const addresses =
    question.class !== CLASS_IN
      ? []
      : question.type === TYPE_A
        ? (records.A ?? [])
        : question.type === TYPE_AAAA
          ? (records.AAAA ?? [])
          : []
  const answers = addresses.map((address) => resourceRecord(question.type, address))
  return Buffer.concat([header(id, recursionDesired, 0, 1, answers.length), questionBytes, ...answers])
}

function header(id: number, recursionDesired: number, rcode: number, questions: number, answers: number) {
  const bytes = Buffer.alloc(12)
  bytes.writeUInt16BE(id, 0)
  // QR (a response), AA (authoritative), RD copied, RA, and the response code.
  bytes.writeUInt16BE(0x8000 | 0x0400 | recursionDesired | 0x0080 | rcode, 2)
  bytes.writeUInt16BE(questions, 4)
  bytes.writeUInt16BE(answers, 6)
  return bytes
}

function readQuestion(packet: Buffer, start: number) {
  const labels: string[] = []
  let offset = start
  for (;;) {
    const length = packet[offset]
    if (length === undefined || length > 63) return undefined
    offset += 1
    if (length === 0) break
    labels.push(packet.toString('latin1', offset, offset + length))
    offset += length
  }
  if (offset + 4 > packet.length) return undefined
  return {
    name: normalName(labels.join('.')),
    type: packet.readUInt16BE(offset),
    class: packet.readUInt16BE(offset + 2),
    end: offset + 4,
  }
}

/** An answer pointing back at the question's name (offset 12), TTL 0. */
function resourceRecord(type: number, address: string): Buffer {
  const data = type === TYPE_A ? ipv4Bytes(address) : ipv6Bytes(address)
  const record = Buffer.alloc(12)
  record.writeUInt16BE(0xc00c, 0)
  record.writeUInt16BE(type, 2)
  record.writeUInt16BE(CLASS_IN, 4)
  record.writeUInt32BE(0, 6)
  record.writeUInt16BE(data.length, 10)
  return Buffer.concat([record, data])
}

function ipv4Bytes(address: string): Buffer {
  if (!net.isIPv4(address)) throw new Error(`${address} is not an IPv4 address`)
  return Buffer.from(address.split('.').map(Number))
}

function ipv6Bytes(address: string): Buffer {
  if (!net.isIPv6(address)) throw new Error(`${address} is not an IPv6 address`)
  const [head = '', tail] = address.split('::')
  const groups = (part: string) => (part ? part.split(':') : [])
  const before = groups(head)
  const after = tail === undefined ? [] : groups(tail)
  const missing = 8 - before.length - after.length
  const words = [...before, ...Array(tail === undefined ? 0 : missing).fill('0'), ...after]
  const bytes = Buffer.alloc(16)
  words.forEach((word, index) => {
    bytes.writeUInt16BE(Number.parseInt(word, 16), index * 2)
  })
  return bytes
}
