/**
 * The local server that speaks Stripe's API beside the browser tests' app: one port above the
 * app's. It holds each payment's webhook until a test delivers it (tests/helpers/stripe-api-server.ts).
 */
export function stripePortFor(appPort: number): number {
  return appPort + 1
}

export const STRIPE_E2E_URL = `http://127.0.0.1:${stripePortFor(Number(process.env.E2E_PORT ?? 4310))}`

/** Sends the webhooks of the payments completed so far; answers the app's status for each. */
export async function deliverStripeWebhooks(): Promise<number[]> {
  const response = await fetch(`${STRIPE_E2E_URL}/control/deliver`, { method: 'POST' })
  return ((await response.json()) as { delivered: number[] }).delivered
}
