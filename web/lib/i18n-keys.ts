import type { en } from '../locales/en.ts'

/*
 * The English messages are the shape of every language: with this declaration a key that does
 * not exist, or a French file that lacks one, fails the type check.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof en }
  }
}

type Leaves<Messages, Prefix extends string = ''> = {
  [Key in keyof Messages & string]: Messages[Key] extends string
    ? `${Prefix}${Key}`
    : Leaves<Messages[Key], `${Prefix}${Key}.`>
}[keyof Messages & string]

/** Every translation key, dotted: 'pages.home', 'auth.toast.loginFailed'… */
export type MessageKey = Leaves<typeof en>

/** A page title's key (the route table's `title`). */
export type TitleKey = Extract<MessageKey, `pages.${string}`>
