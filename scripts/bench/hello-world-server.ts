/**
 * The ceiling of bench:api: a bare Fastify process answering one JSON route, with none of the
 * app's plugins, logging or database. PORT names the port; it listens on 127.0.0.1 only.
 */
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/', async () => ({ hello: 'world' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })

const stop = () => void app.close().then(() => process.exit(0))
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
