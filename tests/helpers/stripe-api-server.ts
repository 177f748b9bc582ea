import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A local HTTP server that speaks the part of Stripe's API the product uses, for the official SDK:
 * customers (create, retrieve, update, their payment methods), payment methods (retrieve, detach)
 * and Checkout sessions (create, retrieve). It also plays the hosted Checkout page: `GET
 * /pay/<session>` shows a pay button whose `POST` completes the session, sends the signed
 * `checkout.session.completed` webhook to the app (and waits for its answer), then redirects to
 * the session's success URL, as Stripe does (or, holding webhooks, redirects first and sends it
 * when `POST /control/deliver` is called).
 */

export type StripeApiServer = {
  url: string
  secretKey: string
  webhookSecret: string
  /** Where completed sessions are announced (the app's webhook). */
  setWebhookUrl: (url: string) => void
  sessions: Map<string, StripeObject>
  /** Adds a saved card to a customer, as a completed setup session would. */
  addCard: (customerId: string, card: { brand: string; last4: string }) => string
  /** The signed event for a session's completion, without sending it. */
  completionEvent: (sessionId: string) => { payload: string; signature: string; eventId: string }
  /** Completes a session as the hosted page does: marks it paid and sends the webhook. */
  complete: (sessionId: string) => Promise<number>
  close: () => Promise<void>
}

type StripeObject = Record<string, unknown> & { id: string }

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** `a[b][0][c]=1` form bodies, as the SDK sends them, into nested objects. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '')
    let node: Record<string, unknown> = root
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value
        return
      }
      node[part] ??= {}
      node = node[part] as Record<string, unknown>
    })
  }
  return root
}

export async function startStripeApiServer(
  options: {
    port?: number
    /**
     * Hold each completed payment's webhook until `POST /control/deliver` asks for it, so a test
     * sees the return page before the confirmation arrives (as it can with Stripe).
     */
    holdWebhooks?: boolean
  } = {},
): Promise<StripeApiServer> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`
  const signer = new Stripe(secretKey)
  const customers = new Map<string, StripeObject>()
  const methods = new Map<string, StripeObject>()
  const sessions = new Map<string, StripeObject>()
  let webhookUrl = ''
  let baseUrl = ''
  const held: string[] = []

  const answer = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
    response.end(JSON.stringify(body))
  }
  const missing = (response: http.ServerResponse, what: string) =>
    answer(response, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    })

  function completionEvent(sessionId: string) {
    const session = sessions.get(sessionId)!
    session.status = 'complete'
    session.payment_status = session.mode === 'setup' ? 'no_payment_required' : 'paid'
    if (session.mode === 'payment') session.payment_intent = id('pi')
    const eventId = id('evt')
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: session },
    })
    return {
      payload,
      signature: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      eventId,
    }
  }

  async function complete(sessionId: string): Promise<number> {
    const session = sessions.get(sessionId)!
    if (session.mode === 'setup') addCard(String(session.customer), { brand: 'visa', last4: '4242' })
    const { payload, signature } = completionEvent(sessionId)
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    })
    return response.status
  }

  function addCard(customerId: string, card: { brand: string; last4: string }): string {
    const methodId = id('pm')
    methods.set(methodId, {
      id: methodId,
      object: 'payment_method',
      type: 'card',
      customer: customerId,
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030 },
    })
    return methodId
  }

  const server = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      void route(request, response, body).catch((error: unknown) =>
        answer(response, 500, { error: { message: String(error) } }),
      )
    })
  })

  async function route(request: http.IncomingMessage, response: http.ServerResponse, body: string) {
    const url = new URL(request.url ?? '/', baseUrl)
    const path = url.pathname
    const method = request.method ?? 'GET'
    const pay = /^\/pay\/(cs_\w+)$/.exec(path)
    if (pay) {
      const session = sessions.get(pay[1]!)
      if (!session) return missing(response, 'checkout session')
      if (method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        const amount = session.amount_total
          ? `${Number(session.amount_total) / 100} ${String(session.currency).toUpperCase()}`
          : 'Save your card'
        return response.end(
          `<!doctype html><title>Checkout</title><h1>Test checkout</h1><p id="amount">${amount}</p><form method="post"><button type="submit">Pay</button></form>`,
        )
      }
      if (options.holdWebhooks) held.push(pay[1]!)
      else await complete(pay[1]!)
      response.writeHead(303, { location: String(session.success_url) })
      return response.end()
    }
    if (method === 'POST' && path === '/control/deliver') {
      const statuses: number[] = []
      for (const sessionId of held.splice(0)) statuses.push(await complete(sessionId))
      return answer(response, 200, { delivered: statuses })
    }
    if (!(request.headers.authorization ?? '').includes(secretKey))
      return answer(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      })
    const form = parseForm(body)

    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        ...form,
        invoice_settings: { default_payment_method: null },
      }
      customers.set(customer.id, customer)
      return answer(response, 200, customer)
    }
    const customerPath = /^\/v1\/customers\/(cus_\w+)(\/payment_methods)?$/.exec(path)
    if (customerPath) {
      const customer = customers.get(customerPath[1]!)
      if (!customer) return missing(response, 'customer')
      if (customerPath[2]) {
        const data = [...methods.values()].filter((candidate) => candidate.customer === customer.id)
        return answer(response, 200, { object: 'list', data, has_more: false, url: path })
      }
      if (method === 'POST') Object.assign(customer, form)
      return answer(response, 200, customer)
    }
    const methodPath = /^\/v1\/payment_methods\/(pm_\w+)(\/detach)?$/.exec(path)
    if (methodPath) {
      const paymentMethod = methods.get(methodPath[1]!)
      if (!paymentMethod) return missing(response, 'payment_method')
      if (methodPath[2]) methods.delete(paymentMethod.id)
      return answer(response, 200, {
        ...paymentMethod,
        customer: methodPath[2] ? null : paymentMethod.customer,
      })
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs_test')
      const items = (form.line_items ?? {}) as Record<
        string,
        { quantity: string; price_data: { currency: string; unit_amount: string } }
      >
      const first = items['0']
      const session: StripeObject = {
        id: sessionId,
        object: 'checkout.session',
        mode: form.mode,
        customer: form.customer,
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        currency: first?.price_data.currency ?? form.currency ?? null,
        amount_total: first ? Number(first.price_data.unit_amount) * Number(first.quantity) : null,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `${baseUrl}/pay/${sessionId}`,
      }
      sessions.set(sessionId, session)
      return answer(response, 200, session)
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/(cs_\w+)$/.exec(path)
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]!)
      return session ? answer(response, 200, session) : missing(response, 'checkout session')
    }
    return missing(response, `route ${method} ${path}`)
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: baseUrl,
    secretKey,
    webhookSecret,
    setWebhookUrl: (url) => {
      webhookUrl = url
    },
    sessions,
    addCard,
    completionEvent,
    complete,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
