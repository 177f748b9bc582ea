/**
 * The code's boundaries, checked in `npm test` (scripts/boundaries.ts runs this and the
 * module-level checks a file-level tool cannot express). Why each rule exists is in
 * docs/architecture.md, "Boundaries".
 */
const MODULE = '^server/modules/([^/]+)/'
const FEATURE = '^web/features/([^/]+)/'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment: 'A file cycle makes load order matter and a change ripple both ways.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'module-front-door',
      comment: 'A server module is entered through its front door, index.ts; its other files are its own.',
      severity: 'error',
      from: { path: MODULE },
      to: {
        path: '^server/modules/([^/]+)/.+',
        pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'outside-enters-modules-by-front-door',
      comment:
        'Code outside the modules (provisioning, jobs, mail, plugins, realtime) enters a module through its front door.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/modules/', '^server/app\\.ts$', '\\.test\\.ts$'] },
      to: { path: '^server/modules/[^/]+/.+', pathNot: '^server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'provisioning-front-door',
      comment:
        'The provisioning engine is entered through its front door, server/provisioning/index.ts; its other files are its own.',
      severity: 'error',
      from: { path: '^', pathNot: ['^server/provisioning/', '^tests/', '\\.test\\.ts$'] },
      to: { path: '^server/provisioning/', pathNot: '^server/provisioning/index\\.ts$' },
    },
    {
      name: 'provisioning-imports-no-module',
      comment:
        'Billing, notifications and the catalog reach the engine as hooks (server/provisioning-hooks.ts), so it depends on no module.',
      severity: 'error',
      from: { path: '^server/provisioning/' },
      to: { path: '^server/modules/' },
    },
    {
      name: 'app-registers-module-routes',
      comment: 'The app (the composition root) registers each module by its routes and uses its front door.',
      severity: 'error',
      from: { path: '^server/app\\.ts$' },
      to: { path: '^server/modules/[^/]+/.+', pathNot: '^server/modules/[^/]+/(index|routes)\\.ts$' },
    },
    {
      name: 'common-imports-no-server-or-web',
      comment: 'common/ is shared by the server and the browser: it depends on neither.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(server|web|cli)/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      comment:
        'web/components and web/lib serve every feature, the shell and the routes; they depend on none of them.',
      severity: 'error',
      from: { path: '^web/(components|lib)/' },
      to: { path: '^web/(features|shell|routes)/' },
    },
    {
      name: 'feature-imports-no-route',
      comment:
        'The shell (web/shell: providers, header, footer, sidebar) and the routes compose features; a feature imports neither.',
      severity: 'error',
      from: { path: '^web/features/' },
      to: { path: '^web/(shell|routes)/' },
    },
    {
      name: 'feature-imports-no-other-feature',
      comment:
        'A feature never imports another feature; what two features share lives in web/lib or web/components.',
      severity: 'error',
      from: { path: FEATURE },
      to: { path: '^web/features/([^/]+)/', pathNot: '^web/features/$1/' },
    },
    {
      name: 'browser-imports-no-server',
      comment: 'The browser bundle never carries server code.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules', '^build/', '^\\.data/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
}
