import { footer } from '#web/locales/en/footer.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ footer })
