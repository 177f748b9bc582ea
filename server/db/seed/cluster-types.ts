/** The seven cluster types of the spec's footer list, in display order. */
export const CLUSTER_TYPES = [
  { id: 'blue', name: 'Standard (Blue)' },
  { id: 'red', name: 'Enterprise (Red)' },
  { id: 'green', name: 'Economy (Green)' },
  { id: 'data', name: 'Data Analytics' },
  { id: 'ai', name: 'AI/ML (Violet)' },
  { id: 'orange', name: 'Dev/Test (Orange)' },
  { id: 'sandbox', name: 'Sandbox (Gray)' },
] as const
