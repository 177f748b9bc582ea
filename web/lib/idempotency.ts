/**
 * One `Idempotency-Key` per order attempt: the same body keeps its key (a double click, a retry
 * after a network error), so the server makes one order; a changed body is a new attempt.
 */
export class IdempotencyKeys {
  private current: { body: string; key: string } | null = null
  private readonly newKey: () => string

  constructor(newKey: () => string = () => crypto.randomUUID()) {
    this.newKey = newKey
  }

  keyFor(body: unknown): string {
    const serialized = JSON.stringify(body)
    if (this.current?.body !== serialized) this.current = { body: serialized, key: this.newKey() }
    return this.current.key
  }

  /** After an order is made: the next one is a new attempt. */
  reset(): void {
    this.current = null
  }
}
