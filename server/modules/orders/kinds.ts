import type { Currency } from '#common/money.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { PriceBreakdown } from '#common/schemas/clusters.ts'
import type { OrderKind } from '#common/schemas/orders.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import type { OrderRow, Organization } from '#server/db/schema/index.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'

/**
 * The kinds of order. Every order is placed, weighed and recorded by one path (placement.ts);
 * a kind plugs in only what is its own: what a request orders and its price, and what a confirmed
 * order becomes. The module that owns a kind registers it at start-up (in its routes plugin), so
 * this module imports none of them: an officer's approval finds the kind of the stored order here.
 */

/** The columns of an order that say what it is for; a kind sets its own. */
export type OrderedItem = Partial<
  Pick<OrderRow, 'configuration' | 'product' | 'supportPlan' | 'customSolution'>
>

/** What a kind makes of a request: what it orders, at what price, in the currency the person was shown. */
export type PricedOrder = {
  ordered: OrderedItem
  price: PriceBreakdown
  currency: Currency
  /** A reason of the kind's own for an officer to look at the order first (an HDS data center). */
  approvalReason?: string | null
}

/**
 * Where a kind prices a request: for a quote (`placing` false, read outright) or when it is placed
 * (`placing` true, in the placing transaction, the organization's row locked).
 */
export type PricingScope<Request> = {
  ctx: ServerContext
  db: Queryable
  caller: Caller
  request: Request
  organization: Organization
  /** Read beforehand for the kinds that say `readsCatalog` (the catalog's reads run side by side). */
  catalog: Catalog | null
  placing: boolean
  /** Whether this is the organization's first paid order: the promotion is for that one only. */
  isFirstPaidOrder: () => Promise<boolean>
}

/** A confirmed order to fulfil, in the transaction that placed it or that approves it. */
export type FulfilmentScope = {
  ctx: ServerContext
  uow: UnitOfWork
  order: OrderRow
  organizationName: string
  catalog: Catalog | null
  /** Who set it going: the person who ordered, or the officer approving for a person since gone. */
  requestedBy: string
}

/** What happens to a stored order of a kind: all an officer's decision needs, found by the order's kind. */
export type OrderFulfilment = {
  kind: OrderKind
  /**
   * What must still hold for the order to be fulfilled (a cluster's name free): checked when it is
   * placed and again when an officer approves it.
   */
  assertFulfillable?: (db: Queryable, order: Pick<OrderRow, 'organizationId'> & OrderedItem) => Promise<void>
  /** A confirmed order becomes what it orders; answers the order as stored afterwards. */
  fulfil: (scope: FulfilmentScope) => Promise<OrderRow>
  /** What the person who ordered reads once an officer approved it, and where they follow it. */
  approvedNotice?: (order: OrderRow) => { message: string; link: string }
}

/** A kind of order, as its module defines it: what it adds to the one placement path. */
export type OrderKindDefinition<Request> = OrderFulfilment & {
  /**
   * `checkout`: the customer orders outright, so a proven address and an Idempotency-Key are
   * needed. `accepted quote`: the customer accepts a price an officer quoted for a request they
   * made; the quote answers once, so neither applies.
   */
  admission: 'checkout' | 'accepted quote'
  /** Weighed, with what the organization is already in for, against its credit limit. */
  weighedAgainstCreditLimit: boolean
  /** Takes effect in the transaction that places it (a support plan): stored `fulfilled` at once. */
  fulfilledWhenPlaced?: boolean
  /** The catalog is read before the transaction and handed to the kind. */
  readsCatalog?: boolean
  /** Checks that need no transaction (a 400 naming each field), before anything is locked. */
  validate?: (request: Request, catalog: Catalog) => void
  /** What the request orders and its price; throws what refuses it. */
  price: (scope: PricingScope<Request>) => Promise<PricedOrder>
}

const registered = new Map<OrderKind, OrderFulfilment>()

/**
 * Registers a kind of order; each module registers its own at start-up. Registering the same
 * definition again (another app built in the same process) is harmless; another one for a kind
 * already taken is a mistake.
 */
export function registerOrderKind(definition: OrderFulfilment) {
  const existing = registered.get(definition.kind)
  if (existing && existing !== definition)
    throw new Error(`The order kind ${definition.kind} is registered twice`)
  registered.set(definition.kind, definition)
}

/** The registered kind of a stored order. */
export function registeredOrderKind(kind: OrderKind): OrderFulfilment {
  const definition = registered.get(kind)
  if (!definition)
    throw new Error(`No order kind ${kind} is registered: its module registers it when its routes start`)
  return definition
}
