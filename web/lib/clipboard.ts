/**
 * Copies text: the Clipboard API first, then the older selection-and-execCommand method where that
 * API is missing or refuses. True when either worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Denied permission or an insecure context: try the older method.
  }
  return copyWithSelection(text)
}

function copyWithSelection(text: string): boolean {
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.setAttribute('aria-hidden', 'true')
  area.style.position = 'fixed'
  area.style.top = '0'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
    previousFocus?.focus()
  }
}
