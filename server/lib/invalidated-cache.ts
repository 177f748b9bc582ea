/** Whether changes are heard right now (the change feed). */
export type Reliability = { isReliable: () => boolean }

/** `position`: when the entry last moved to the newest end. */
type Entry<Value> = { value: Value; topics: readonly string[]; position: number }

/**
 * A bounded map of hot reads, least recently used dropped first, each entry filed under the
 * topics whose change drops it (`user:<id>`, …, see server/db/change-feed.ts).
 *
 * Two rules keep it from serving what PostgreSQL no longer holds: nothing is served or kept while
 * the change feed may miss changes, and a value read while any change arrived is not kept (the
 * generation counter), since the read may have seen the row before that change.
 */
export class InvalidatedCache<Value> {
  readonly #entries = new Map<string, Entry<Value>>()
  readonly #keysByTopic = new Map<string, Set<string>>()
  readonly #feed: Reliability
  readonly #capacity: number
  #generation = 0
  /** Counts moves to the newest end: an entry's distance from it is `#moves - entry.position`. */
  #moves = 0

  constructor(feed: Reliability, capacity: number) {
    this.#feed = feed
    this.#capacity = capacity
  }

  get size(): number {
    return this.#entries.size
  }

  get(key: string): Value | undefined {
    if (!this.#feed.isReliable()) return undefined
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    // Only from the older half: an entry in the newer one is far from being dropped, and the move
    // (two map writes on every hit) would cost more than the rest of the read.
    if (this.#moves - entry.position >= this.#capacity / 2) {
      this.#entries.delete(key)
      entry.position = ++this.#moves
      this.#entries.set(key, entry)
    }
    return entry.value
  }

  /** The read's starting point, handed back to `set`. */
  generation(): number {
    return this.#generation
  }

  set(key: string, value: Value, topics: readonly string[], readAtGeneration: number): void {
    if (readAtGeneration !== this.#generation || !this.#feed.isReliable()) return
    this.delete(key)
    this.#entries.set(key, { value, topics, position: ++this.#moves })
    for (const topic of topics) {
      const keys = this.#keysByTopic.get(topic) ?? new Set<string>()
      keys.add(key)
      this.#keysByTopic.set(topic, keys)
    }
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.delete(oldest)
    }
  }

  /** The cached value, or `load`'s, kept under the topics it names unless a change came meanwhile. */
  async read(key: string, load: () => Promise<Value>, topicsOf: (value: Value) => readonly string[]) {
    const cached = this.get(key)
    if (cached !== undefined) return cached
    const readAt = this.#generation
    const value = await load()
    if (value !== undefined) this.set(key, value, topicsOf(value), readAt)
    return value
  }

  delete(key: string): void {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    for (const topic of entry.topics) {
      const keys = this.#keysByTopic.get(topic)
      keys?.delete(key)
      if (keys?.size === 0) this.#keysByTopic.delete(topic)
    }
  }

  changed(topic: string): void {
    this.#generation++
    const keys = this.#keysByTopic.get(topic)
    if (!keys) return
    for (const key of [...keys]) this.delete(key)
  }

  reset(): void {
    this.#generation++
    this.#entries.clear()
    this.#keysByTopic.clear()
  }
}
