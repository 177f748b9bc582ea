import { notFound } from '#web/locales/en/not-found.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ notFound })
