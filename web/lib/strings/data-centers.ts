import { dataCenters } from '#web/locales/en/data-centers.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ dataCenters })
