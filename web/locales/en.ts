/** The en strings, one module per area of the shell (each area owns its file). */

import { accounts } from './en/accounts.ts'
import { auth } from './en/auth.ts'
import { billing } from './en/billing.ts'
import { clusterConfig } from './en/cluster-config.ts'
import { clusterOperations } from './en/cluster-operations.ts'
import { clusters } from './en/clusters.ts'
import { common } from './en/common.ts'
import { customSolutions } from './en/custom-solutions.ts'
import { dashboard } from './en/dashboard.ts'
import { dataCenters } from './en/data-centers.ts'
import { emailVerification } from './en/email-verification.ts'
import { estimator } from './en/estimator.ts'
import { footer } from './en/footer.ts'
import { header } from './en/header.ts'
import { home } from './en/home.ts'
import { installations } from './en/installations.ts'
import { leads } from './en/leads.ts'
import { legal } from './en/legal.ts'
import { marketing } from './en/marketing.ts'
import { marketplace } from './en/marketplace.ts'
import { notFound } from './en/not-found.ts'
import { notifications } from './en/notifications.ts'
import { officers } from './en/officers.ts'
import { orders } from './en/orders.ts'
import { pages } from './en/pages.ts'
import { preferences } from './en/preferences.ts'
import { promo } from './en/promo.ts'
import { providers } from './en/providers.ts'
import { sidebar } from './en/sidebar.ts'
import { suggestions } from './en/suggestions.ts'
import { support } from './en/support.ts'
import { toast } from './en/toast.ts'
import { tools } from './en/tools.ts'
import { validation } from './en/validation.ts'

export const en = {
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

export type Messages = typeof en
