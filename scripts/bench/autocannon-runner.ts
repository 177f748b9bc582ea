/**
 * One autocannon run in its own process (so the load does not share the bench's event loop),
 * configured by a JSON file named by its argument: { url, connections, seconds, cookies? }. With several cookies,
 * each request takes the next one, as that many signed-in people would. Prints autocannon's
 * result with this process's own CPU time (the load generator's cost) as JSON.
 */
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'

type RunnerOptions = { url: string; connections: number; seconds: number; cookies?: string[] }

const options = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as RunnerOptions
const cookies = options.cookies ?? []
let next = 0

const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.seconds,
  ...(cookies.length === 1 ? { headers: { cookie: cookies[0]! } } : {}),
  ...(cookies.length > 1
    ? {
        requests: [
          {
            setupRequest: (request) => {
              request.headers = { ...request.headers, cookie: cookies[next++ % cookies.length]! }
              return request
            },
          },
        ],
      }
    : {}),
})
const cpu = process.cpuUsage()
process.stdout.write(JSON.stringify({ ...result, cpuMicros: cpu.user + cpu.system }))
