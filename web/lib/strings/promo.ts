import { promo } from '#web/locales/en/promo.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ promo })
