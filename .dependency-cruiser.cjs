// Import rules checked by `npm test` (scripts/check-layout.mjs): no cycles (type imports included), and layers
// that point only down. See docs/architecture.md, "Layout".
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file may not import itself through other files: split the shared part into a lower layer, or react to an event.',
      from: { path: '^packages/[^/]+/src' },
      to: { circular: true },
    },
    {
      name: 'rules-not-tools',
      severity: 'error',
      comment: 'The rules of a ruleset never import its odds tools, views or bots: those sit beside the rules.',
      from: { path: '^packages/(great-war|vernian|ttw)/src/(?!odds/|views/|bots/|tools/|index\\.ts)' },
      to: { path: '^packages/(great-war|vernian|ttw)/src/(odds|views|bots|tools)/' },
    },
    {
      name: 'engine-alone',
      severity: 'error',
      comment: 'The engine knows no ruleset and no host.',
      from: { path: '^packages/engine/src' },
      to: { path: '^(packages/(?!engine/)|@umpire/)' },
    },
    {
      name: 'programs-by-registry',
      severity: 'error',
      comment: 'The CLI, the server, the web client and the lab name no ruleset: they take rulesets and their tools from @umpire/rulesets.',
      from: { path: '^packages/(cli|server|web|lab)/src' },
      to: { path: '^(@umpire/(great-war|vernian|ttw)(/|$)|packages/(great-war|vernian|ttw)/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
