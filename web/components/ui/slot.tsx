import {
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactNode,
  type Ref,
  type RefCallback,
  useMemo,
} from 'react'

/**
 * Renders its one child element with the slot's props merged in: `<Button asChild><Link …/>` is a
 * link that looks like a button. Radix's Slot does the same and more (`Slottable`, lazy children)
 * for 1.7 KiB of every screen; the app's buttons, dialog triggers and form controls need only this.
 * The child's own props win, except that class names join, styles merge, both handlers of an
 * event run (the child's first), described-by ids add up and both refs are set.
 */
/** What a Slot takes: the props of an element, `data-*` attributes and the one child. */
type SlotProps<Element extends HTMLElement> = HTMLAttributes<Element> & {
  ref?: Ref<Element>
  children?: ReactNode
} & Record<`data-${string}`, unknown>

export function Slot<Element extends HTMLElement = HTMLElement>({
  children,
  ref,
  ...slotProps
}: SlotProps<Element>) {
  const child = isValidElement<Record<string, unknown> & { ref?: Ref<Element> }>(children) ? children : null
  const childRef = child?.props.ref
  const composedRef = useMemo(() => composeRefs(ref, childRef), [ref, childRef])
  if (!child) return children
  return cloneElement(child, { ...mergeSlotProps(slotProps, child.props), ref: ref ? composedRef : childRef })
}

/** The slot's props under the child's, as the Slot's comment says. */
export function mergeSlotProps(
  slotProps: Record<string, unknown>,
  childProps: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...slotProps, ...childProps }
  for (const [name, childValue] of Object.entries(childProps)) {
    const slotValue = slotProps[name]
    if (/^on[A-Z]/.test(name)) {
      if (typeof slotValue === 'function' && typeof childValue === 'function')
        merged[name] = (...args: unknown[]) => {
          const result = childValue(...args)
          slotValue(...args)
          return result
        }
      else merged[name] = childValue ?? slotValue
    } else if (name === 'style') merged[name] = { ...(slotValue as object), ...(childValue as object) }
    else if (name === 'className') merged[name] = [slotValue, childValue].filter(Boolean).join(' ')
    else if (name === 'aria-describedby') {
      const ids = new Set(
        [childValue, slotValue].flatMap((value) => (typeof value === 'string' ? value.split(/\s+/) : [])),
      )
      ids.delete('')
      merged[name] = ids.size > 0 ? [...ids].join(' ') : undefined
    }
  }
  return merged
}

/** One callback ref that sets every ref given, and clears them as the element goes. */
export function composeRefs<Element>(...refs: (Ref<Element> | undefined)[]): RefCallback<Element> {
  return (node) => {
    const cleanups = refs.map((ref) => setRef(ref, node))
    return () => {
      for (const [index, cleanup] of cleanups.entries())
        if (typeof cleanup === 'function') cleanup()
        else setRef(refs[index], null)
    }
  }
}

function setRef<Element>(ref: Ref<Element> | undefined, node: Element | null) {
  if (typeof ref === 'function') return ref(node)
  if (ref) ref.current = node
}
