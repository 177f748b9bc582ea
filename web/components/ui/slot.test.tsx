import { createRef } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { composeRefs, mergeSlotProps, Slot } from './slot.tsx'

describe('Slot', () => {
  it('renders its child with the slot’s props, the child’s own winning, classes and ids joined', () => {
    const html = renderToStaticMarkup(
      <Slot className="button" data-slot="button" id="slot" aria-describedby="hint message" title="Slot">
        <a href="/orders" className="link" title="Orders" aria-describedby="message note">
          Orders
        </a>
      </Slot>,
    )
    expect(html).toBe(
      '<a href="/orders" class="button link" title="Orders" aria-describedby="message note hint" data-slot="button" id="slot">Orders</a>',
    )
  })

  it('renders what is not an element as it is', () => {
    expect(renderToStaticMarkup(<Slot>plain text</Slot>)).toBe('plain text')
  })

  it('runs both handlers of an event, the child’s first, and keeps one that only one side has', () => {
    const calls: string[] = []
    const merged = mergeSlotProps(
      {
        onClick: () => calls.push('slot'),
        onFocus: () => calls.push('slot focus'),
        style: { color: 'red', top: 0 },
      },
      {
        onClick: () => calls.push('child'),
        onBlur: () => calls.push('child blur'),
        style: { color: 'blue' },
      },
    )
    ;(merged.onClick as () => void)()
    ;(merged.onFocus as () => void)()
    ;(merged.onBlur as () => void)()
    expect(calls).toEqual(['child', 'slot', 'slot focus', 'child blur'])
    expect(merged.style).toEqual({ color: 'blue', top: 0 })
  })

  it('sets every ref on the element, and clears them as it goes', () => {
    const objectRef = createRef<{ tagName: string }>()
    const called: unknown[] = []
    const callbackRef = (node: { tagName: string } | null) => {
      called.push(node)
    }
    const node = { tagName: 'A' }
    const cleanup = composeRefs(objectRef, callbackRef, undefined)(node)
    expect(objectRef.current).toBe(node)
    expect(called).toEqual([node])
    ;(cleanup as () => void)()
    expect(objectRef.current).toBeNull()
    expect(called).toEqual([node, null])
  })
})
