import { marketplace } from '#web/locales/en/marketplace.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ marketplace })
