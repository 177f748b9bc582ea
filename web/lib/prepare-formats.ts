import type { Language } from '#common/language.ts'
import { formatPrice } from '#common/money.ts'
import { dateFormat } from '#web/lib/format-date.ts'

/**
 * A page's first number format and first date format load the language's data into Intl: on a
 * phone some 20 and 15 ms, which the render of a screen's answers used to pay in one long task.
 * Made here instead, each in a task of its own, while the screen's reads are on their way; the
 * formats the screen then asks for are made from data already there (docs/quality.md).
 */
export function prepareFormats(language: Language): void {
  setTimeout(() => formatPrice(0, 'USD', language), 0)
  setTimeout(() => dateFormat(language).dateTime(0), 0)
}

/**
 * The loading screen's script: the first format of any kind loads Intl's data (15–40 ms on this
 * machine, four times that on a phone), whatever the language. Done while the app's scripts are
 * still downloading and the main thread has nothing else to do, in a task of its own after the
 * loading screen's markup, the formats `prepareFormats` then makes cost a millisecond or two
 * (docs/quality.md, "the foot of /billing").
 */
export const PREPARE_INTL_SCRIPT =
  'setTimeout(function(){try{new Intl.NumberFormat().format(0);new Intl.DateTimeFormat().format(0)}catch(e){}},0)'
