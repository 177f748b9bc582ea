import type { en } from '../locales/en.ts'

type Leaves<Messages, Prefix extends string = ''> = {
  [Key in keyof Messages & string]: Messages[Key] extends string
    ? `${Prefix}${Key}`
    : Leaves<Messages[Key], `${Prefix}${Key}.`>
}[keyof Messages & string]

/** Every translation key, dotted: 'pages.home', 'auth.toast.loginFailed'… */
export type MessageKey = Leaves<typeof en>

/** A page title's key (the route table's `title`). */
export type TitleKey = Extract<MessageKey, `pages.${string}`>
