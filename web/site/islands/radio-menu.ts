import {
  menuContentClass,
  menuItemClass,
  menuLabelClass,
  menuSeparatorClass,
} from '#web/components/layout/menu-styles.ts'
import { element, icon } from './dom.ts'

const CHECK_ICON = ['M20 6 9 17l-5-5']

export type RadioMenuOption = { value: string; label: (Node | string)[]; name: string }

/**
 * A header dropdown of choices (the currency and language switchers), built like the app's
 * Radix menus: a `menu` of `menuitemradio`s under the trigger; arrows, Home/End and type-ahead
 * move, Enter/Space/click choose, Escape/Tab/outside click close and focus returns to the trigger.
 */
export function attachRadioMenu(
  trigger: HTMLElement,
  options: {
    label: string
    widthClass: string
    choices: () => RadioMenuOption[]
    selected: () => string
    onSelect: (value: string) => void
    /** Drawn under the choices after a separator (the currency menu's rates). */
    footer?: () => Node | undefined
  },
): void {
  let menu: HTMLElement | undefined
  trigger.setAttribute('aria-haspopup', 'menu')
  trigger.setAttribute('aria-expanded', 'false')

  const items = () => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])]
  const focusItem = (item: HTMLElement | undefined) => {
    if (!item) return
    for (const other of items()) other.removeAttribute('data-highlighted')
    item.setAttribute('data-highlighted', '')
    item.focus()
  }

  function close(returnFocus: boolean) {
    if (!menu) return
    menu.remove()
    menu = undefined
    trigger.setAttribute('aria-expanded', 'false')
    document.removeEventListener('pointerdown', onOutside, true)
    if (returnFocus) trigger.focus()
  }

  function onOutside(event: Event) {
    if (menu && !menu.contains(event.target as Node) && !trigger.contains(event.target as Node)) close(false)
  }

  function open(focus: 'first' | 'last' | 'selected') {
    if (menu) return
    const selected = options.selected()
    const choices = options.choices().map((choice) => {
      const checked = choice.value === selected
      const item = element(
        'div',
        {
          role: 'menuitemradio',
          'aria-checked': String(checked),
          'data-state': checked ? 'checked' : 'unchecked',
          tabindex: '-1',
          'data-value': choice.value,
          class: `${menuItemClass} pr-8`,
        },
        [
          ...choice.label,
          ...(checked ? [element('span', { class: 'absolute right-2.5' }, [icon(CHECK_ICON)])] : []),
        ],
      )
      item.addEventListener('click', () => {
        close(true)
        options.onSelect(choice.value)
      })
      item.addEventListener('pointermove', () => focusItem(item))
      return item
    })
    const footer = options.footer?.()
    menu = element(
      'div',
      {
        role: 'menu',
        'aria-label': options.label,
        tabindex: '-1',
        class: `${menuContentClass} ${options.widthClass} fixed`,
      },
      [
        element('div', { class: menuLabelClass, role: 'presentation' }, [options.label]),
        ...choices,
        ...(footer ? [element('div', { role: 'separator', class: menuSeparatorClass }), footer] : []),
      ],
    )
    const rect = trigger.getBoundingClientRect()
    menu.style.top = `${rect.bottom + 8}px`
    menu.style.right = `${Math.max(8, document.documentElement.clientWidth - rect.right)}px`
    menu.addEventListener('keydown', onKeyDown)
    document.body.append(menu)
    trigger.setAttribute('aria-expanded', 'true')
    document.addEventListener('pointerdown', onOutside, true)
    const list = items()
    focusItem(
      focus === 'first'
        ? list[0]
        : focus === 'last'
          ? list.at(-1)
          : (list.find((item) => item.dataset.value === selected) ?? list[0]),
    )
  }

  let typed = ''
  let typedAt = 0
  function onKeyDown(event: KeyboardEvent) {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'ArrowDown') focusItem(list[(index + 1) % list.length])
    else if (event.key === 'ArrowUp') focusItem(list[(index - 1 + list.length) % list.length])
    else if (event.key === 'Home') focusItem(list[0])
    else if (event.key === 'End') focusItem(list.at(-1))
    else if (event.key === 'Enter' || event.key === ' ')
      (document.activeElement as HTMLElement | null)?.click()
    else if (event.key === 'Escape') close(true)
    else if (event.key === 'Tab') close(false)
    else if (event.key.length === 1) {
      // Type-ahead: letters typed within a second find the next item that starts with them.
      typed = Date.now() - typedAt > 1_000 ? event.key.toLowerCase() : typed + event.key.toLowerCase()
      typedAt = Date.now()
      focusItem(list.find((item) => (item.textContent ?? '').trim().toLowerCase().includes(typed)))
      return
    } else return
    if (event.key !== 'Tab') event.preventDefault()
  }

  trigger.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || event.ctrlKey) return
    event.preventDefault()
    if (menu) close(false)
    else open('selected')
  })
  trigger.addEventListener('click', (event) => {
    // Pointer presses open on pointerdown (as Radix does); this is a keyboard or assistive click.
    if (event.detail === 0 && !menu) open('selected')
  })
  trigger.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      open('first')
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      open('last')
    }
  })
}
