import type { SupportPlanRow } from '../schema/catalog.ts'

/**
 * Support plans, cheapest first; USD cents a month per organization. Response targets count
 * minutes of the plan's coverage: business hours (Monday–Friday 9:00–18:00, Paris) or 24/7.
 */
export const SUPPORT_PLANS: Omit<SupportPlanRow, 'position'>[] = [
  {
    id: 'basic',
    responseTargets: {
      P2: { firstMinutes: 24 * 60, nextMinutes: 24 * 60 },
      P3: { firstMinutes: 36 * 60, nextMinutes: 36 * 60 },
      P4: { firstMinutes: 48 * 60, nextMinutes: 48 * 60 },
      P5: { firstMinutes: 72 * 60, nextMinutes: 72 * 60 },
    },
    name: 'Basic',
    monthlyPriceCents: 0,
    coverage: 'business_hours',
    criticalResponseMinutes: 24 * 60,
    channels: ['email', 'ticket'],
    features: ['Documentation and tutorials', 'Community forum', 'Service status notifications'],
    french: {
      features: [
        'Documentation et tutoriels',
        'Forum de la communauté',
        'Notifications de l’état du service',
      ],
    },
  },
  {
    id: 'developer',
    responseTargets: {
      P2: { firstMinutes: 8 * 60, nextMinutes: 12 * 60 },
      P3: { firstMinutes: 12 * 60, nextMinutes: 24 * 60 },
      P4: { firstMinutes: 24 * 60, nextMinutes: 36 * 60 },
      P5: { firstMinutes: 48 * 60, nextMinutes: 48 * 60 },
    },
    name: 'Developer',
    monthlyPriceCents: 4_900,
    coverage: 'business_hours',
    criticalResponseMinutes: 8 * 60,
    channels: ['email', 'ticket', 'chat'],
    features: ['Architecture guidance by ticket', 'Upgrade planning help'],
    french: {
      features: ['Conseils d’architecture par ticket', 'Aide à la planification des montées de version'],
    },
  },
  {
    id: 'business',
    responseTargets: {
      P1: { firstMinutes: 60, nextMinutes: 2 * 60 },
      P2: { firstMinutes: 4 * 60, nextMinutes: 8 * 60 },
      P3: { firstMinutes: 12 * 60, nextMinutes: 24 * 60 },
      P4: { firstMinutes: 24 * 60, nextMinutes: 36 * 60 },
      P5: { firstMinutes: 48 * 60, nextMinutes: 48 * 60 },
    },
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
    french: {
      features: [
        'Réponse 24 h/24, 7 j/7 aux incidents critiques',
        'Revue trimestrielle de la santé des clusters',
        'Responsable d’escalade attitré',
      ],
    },
  },
  {
    id: 'enterprise',
    responseTargets: {
      P1: { firstMinutes: 15, nextMinutes: 60 },
      P2: { firstMinutes: 60, nextMinutes: 4 * 60 },
      P3: { firstMinutes: 4 * 60, nextMinutes: 12 * 60 },
      P4: { firstMinutes: 12 * 60, nextMinutes: 24 * 60 },
      P5: { firstMinutes: 24 * 60, nextMinutes: 48 * 60 },
    },
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
    french: {
      features: [
        'Responsable technique de compte',
        'Canal Slack partagé avec nos ingénieurs',
        'Montées de version et migrations accompagnées',
        'Analyses post-incident sous 5 jours ouvrés',
      ],
    },
  },
]
