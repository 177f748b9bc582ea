/** The fr strings, one module per area of the shell (each area owns its file). */

import type { Messages } from './en.ts'
import { accounts } from './fr/accounts.ts'
import { auth } from './fr/auth.ts'
import { billing } from './fr/billing.ts'
import { clusterConfig } from './fr/cluster-config.ts'
import { clusterOperations } from './fr/cluster-operations.ts'
import { clusters } from './fr/clusters.ts'
import { common } from './fr/common.ts'
import { customSolutions } from './fr/custom-solutions.ts'
import { dashboard } from './fr/dashboard.ts'
import { dataCenters } from './fr/data-centers.ts'
import { emailVerification } from './fr/email-verification.ts'
import { estimator } from './fr/estimator.ts'
import { footer } from './fr/footer.ts'
import { header } from './fr/header.ts'
import { home } from './fr/home.ts'
import { installations } from './fr/installations.ts'
import { leads } from './fr/leads.ts'
import { legal } from './fr/legal.ts'
import { marketing } from './fr/marketing.ts'
import { marketplace } from './fr/marketplace.ts'
import { notFound } from './fr/not-found.ts'
import { notifications } from './fr/notifications.ts'
import { officers } from './fr/officers.ts'
import { orders } from './fr/orders.ts'
import { pages } from './fr/pages.ts'
import { preferences } from './fr/preferences.ts'
import { promo } from './fr/promo.ts'
import { providers } from './fr/providers.ts'
import { sidebar } from './fr/sidebar.ts'
import { suggestions } from './fr/suggestions.ts'
import { support } from './fr/support.ts'
import { toast } from './fr/toast.ts'
import { tools } from './fr/tools.ts'
import { validation } from './fr/validation.ts'

export const fr: Messages = {
  common,
  pages,
  notFound,
  toast,
  header,
  home,
  marketing,
  footer,
  promo,
  preferences,
  auth,
  accounts,
  notifications,
  sidebar,
  emailVerification,
  dashboard,
  dataCenters,
  leads,
  legal,
  tools,
  officers,
  clusters,
  clusterOperations,
  orders,
  billing,
  estimator,
  customSolutions,
  installations,
  marketplace,
  clusterConfig,
  suggestions,
  support,
  providers,
  validation,
}
