import { clusters } from '#web/locales/en/clusters.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ clusters })
