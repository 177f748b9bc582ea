import { orders } from '#web/locales/en/orders.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ orders })
