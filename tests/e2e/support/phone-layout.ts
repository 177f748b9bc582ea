import type { Page } from '@playwright/test'

/** What a page shows wrong on a phone: each a short description of the element concerned. */
export type PhoneLayoutFaults = {
  /** The page (or the console's scrolling main) scrolls sideways. */
  sidewaysScroll: string[]
  /** Text under the floating menu button or a fixed or sticky bar, where scrolling cannot free it. */
  covered: string[]
  /** A table wider than the screen whose key (first) column does not stay in view. */
  keyColumnHidden: string[]
}

/**
 * Reads the page as a phone shows it. Fixed and sticky parts are the floating menu button and the
 * bars; text under one of them is a fault when the page is scrolled to its end (nothing more to
 * scroll it free) or when it belongs to another fixed part (both stay where they are).
 */
export async function phoneLayoutFaults(page: Page): Promise<PhoneLayoutFaults> {
  return page.evaluate(async () => {
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
      const id = element.getAttribute('data-testid')
      return `${element.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${text}"`
    }
    const visible = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
      element.getBoundingClientRect().width > 0
    const scrollers = [document.scrollingElement, document.querySelector('main')].filter(
      (element): element is Element => element !== null,
    )

    const sidewaysScroll = scrollers
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()} is ${element.scrollWidth}px wide`)

    const pinned = () =>
      [...document.querySelectorAll('body *')].filter((element) => {
        const style = getComputedStyle(element)
        // Fixed parts, and sticky ones that stick to the top or bottom (a table's first column
        // sticks to the left: it is no bar).
        const bar =
          style.position === 'fixed' ||
          (style.position === 'sticky' && (style.top !== 'auto' || style.bottom !== 'auto'))
        if (!bar) return false
        if (!visible(element) || element.closest('[aria-live], [role="region"][aria-label*="F8"]'))
          return false
        const box = element.getBoundingClientRect()
        // A sticky part that is not stuck (in its place in the flow) covers nothing.
        return box.bottom > 0 && box.top < innerHeight && box.height < innerHeight * 0.6
      })
    const texts = () =>
      [...document.querySelectorAll('body *')].filter(
        (element) =>
          [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
          ) && visible(element),
      )
    // The part of an element its scrolling boxes let through (text scrolled out of a box is clipped,
    // not covered).
    const shownBox = (element: Element) => {
      let { left, right, top, bottom } = element.getBoundingClientRect()
      for (let box = element.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box)
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
        const clip = box.getBoundingClientRect()
        left = Math.max(left, clip.left)
        right = Math.min(right, clip.right)
        top = Math.max(top, clip.top)
        bottom = Math.min(bottom, clip.bottom)
      }
      return { left, right, top, bottom }
    }
    // Every text can be brought clear: at the top of the page nothing is under a bar of the top
    // half, at its end nothing under a bar of the bottom half (the floating button, a price bar) —
    // there no scrolling frees it; and fixed parts over each other's text never move apart.
    const coveredNow = (where: 'top' | 'end' | 'pinned') => {
      const found: string[] = []
      const bars = pinned().filter((bar) => {
        const box = bar.getBoundingClientRect()
        const middle = (box.top + box.bottom) / 2
        if (where === 'pinned') return true
        return where === 'top' ? middle < innerHeight / 2 : middle >= innerHeight / 2
      })
      for (const text of texts()) {
        const own = bars.find((bar) => bar.contains(text))
        if (where === 'pinned' && !own) continue
        const box = shownBox(text)
        if (box.right - box.left < 2 || box.bottom - box.top < 2) continue
        for (const bar of bars) {
          if (bar === own || bar.contains(text) || text.contains(bar)) continue
          const cover = bar.getBoundingClientRect()
          const left = Math.max(box.left, cover.left)
          const right = Math.min(box.right, cover.right)
          const top = Math.max(box.top, cover.top)
          const bottom = Math.min(box.bottom, cover.bottom)
          if (right - left < 2 || bottom - top < 2) continue
          // Covered only when the bar is what the eye sees at the overlap.
          const seen = document.elementFromPoint((left + right) / 2, (top + bottom) / 2)
          if (seen && bar.contains(seen) && !text.contains(seen))
            found.push(`${describe(text)} under ${describe(bar)}`)
        }
      }
      return found
    }

    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const covered = new Set([...coveredNow('pinned'), ...coveredNow('top')])
    for (const scroller of scrollers) scroller.scrollTop = scroller.scrollHeight
    await frame()
    for (const fault of coveredNow('end')) covered.add(fault)
    for (const scroller of scrollers) scroller.scrollTop = 0
    await frame()

    const keyColumnHidden: string[] = []
    for (const table of document.querySelectorAll('table')) {
      if (!visible(table)) continue
      const wrapper = table.parentElement
      const wider =
        table.getBoundingClientRect().width > innerWidth ||
        (wrapper && wrapper.scrollWidth > wrapper.clientWidth + 1)
      if (!wider) continue
      const keyCell = table.querySelector('tbody tr > :first-child')
      if (keyCell && getComputedStyle(keyCell).position !== 'sticky') keyColumnHidden.push(describe(table))
    }
    return { sidewaysScroll, covered: [...covered], keyColumnHidden }
  })
}
