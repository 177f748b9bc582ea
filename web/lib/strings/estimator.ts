import { estimator } from '#web/locales/en/estimator.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ estimator })
