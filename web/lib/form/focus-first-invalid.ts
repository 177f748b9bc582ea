/** Moves focus to the first named field that has an error, in the form's own order. */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: Record<string, unknown>): void {
  if (!form) return
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name
    if (name && errors[name] !== undefined) {
      ;(element as HTMLInputElement).focus()
      return
    }
  }
}
