import type { SupportPlanRow } from '../schema/catalog.ts'

/** Support plans, cheapest first; USD cents a month per organization. */
export const SUPPORT_PLANS: Omit<SupportPlanRow, 'position'>[] = [
  {
    id: 'basic',
    name: 'Basic',
    monthlyPriceCents: 0,
    coverage: 'business_hours',
    criticalResponseMinutes: 24 * 60,
    channels: ['email', 'ticket'],
    features: ['Documentation and tutorials', 'Community forum', 'Service status notifications'],
  },
  {
    id: 'developer',
    name: 'Developer',
    monthlyPriceCents: 4_900,
    coverage: 'business_hours',
    criticalResponseMinutes: 8 * 60,
    channels: ['email', 'ticket', 'chat'],
    features: ['Architecture guidance by ticket', 'Upgrade planning help'],
  },
  {
    id: 'business',
    name: 'Business',
    monthlyPriceCents: 49_900,
    coverage: '24x7',
    criticalResponseMinutes: 60,
    channels: ['email', 'ticket', 'chat', 'phone'],
    features: [
      '24/7 critical incident response',
      'Quarterly cluster health review',
      'Named escalation manager',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceCents: 250_000,
    coverage: '24x7',
    criticalResponseMinutes: 15,
    channels: ['email', 'ticket', 'chat', 'phone', 'slack'],
    features: [
      'Technical account manager',
      'Shared Slack channel with our engineers',
      'Assisted upgrades and migrations',
      'Incident post-mortems within 5 working days',
    ],
  },
]
