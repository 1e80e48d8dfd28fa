// Which way the layers point (CONTRIBUTING.md, "The layers"): `npm run lint:layers`, in CI's lint
// step. Top to bottom: the composition root, the transports, the modules, the ledger,
// authentication, rate limits and the operations registry, the shared kernel. A file imports its
// own layer or one below; a module's route or resolver (its *.rest.ts, *.resolver.ts,
// *.schemas.ts, *.inputs.ts, *.subscriptions.ts, *.types.ts) may also use the transports' helpers.
// Type-only imports count, and no file is part of a circle.

// Every file directly in src/ is kernel but these, which belong to the layers named below.
const KERNEL = "^src/db/|^src/[^/]+\\.ts$";
const NOT_KERNEL = "^src/(operations|context|main|cli)\\.ts$";
const RATE_LIMIT = "^src/rate-limit/|^src/operations\\.ts$";
const AUTH = "^src/auth/|^src/context\\.ts$";
const LEDGER = "^src/ledger/";
const MODULES = "^src/modules/";
const MODULE_TRANSPORT =
  "^src/modules/[^/]+/.+\\.(rest|resolver|schemas|inputs|subscriptions|types)\\.ts$";
// TypeGraphQL's object types (a module's *.types.ts) are also the shapes its services answer.
const MODULE_TYPES = "^src/modules/[^/]+/.+\\.types\\.ts$";
const TRANSPORTS = "^src/(http|graphql)/";
const ROOT = "^src/server/|^src/cli/|^src/(main|cli)\\.ts$";

const above = (...layers) => ({ path: layers.join("|") });

// The modules, bottom to top: a module imports only the modules before it (types included), so no
// two modules import each other. A relation between two modules' GraphQL types is resolved in
// the module it leads from the higher one (a movement's SKU: catalog.movements.resolver.ts).
const MODULE_ORDER = [
  "site",
  "token",
  "verify",
  "movement",
  "transfer",
  "catalog",
  "cycle-count",
  "stock-take",
  "adjustment",
  "report",
  "event",
  "webhook",
  "account",
];
const moduleOrder = MODULE_ORDER.slice(0, -1).map((name, i) => ({
  name: `module-order-${name}`,
  severity: "error",
  comment: `Modules import only those below them (${MODULE_ORDER.join(" < ")}).`,
  from: { path: `^src/modules/${name}/` },
  to: { path: `^src/modules/(${MODULE_ORDER.slice(i + 1).join("|")})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "resolvable",
      severity: "error",
      comment: "Every import of the project's own files resolves (else no rule here would see it).",
      from: {},
      to: { couldNotResolve: true, path: "^[.][.]?/" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "A file is not part of a circle of imports (type-only imports included).",
      from: { path: "^(src|web)/" },
      to: { circular: true },
    },
    {
      name: "kernel-imports-kernel",
      severity: "error",
      comment: "The shared kernel knows nothing above it.",
      from: { path: KERNEL, pathNot: NOT_KERNEL },
      to: above(RATE_LIMIT, AUTH, LEDGER, MODULES, TRANSPORTS, ROOT),
    },
    {
      name: "rate-limit-below-auth",
      severity: "error",
      comment: "Rate limits and the operations registry sit below authentication and the modules.",
      from: { path: RATE_LIMIT },
      to: above(AUTH, LEDGER, MODULES, TRANSPORTS, ROOT),
    },
    {
      name: "auth-below-modules",
      severity: "error",
      comment:
        "Authentication (tokens, scopes, the caller) is transport-neutral and below the modules.",
      from: { path: AUTH },
      to: above(LEDGER, MODULES, TRANSPORTS, ROOT),
    },
    {
      name: "ledger-below-modules",
      severity: "error",
      comment: "The ledger writes every movement for the modules; it knows none of them.",
      from: { path: LEDGER },
      to: above(MODULES, TRANSPORTS, ROOT),
    },
    {
      name: "services-below-transports",
      severity: "error",
      comment:
        "A module's services know no transport; its routes and resolvers may use their helpers.",
      from: { path: MODULES, pathNot: MODULE_TRANSPORT },
      to: { path: [TRANSPORTS, ROOT, MODULE_TRANSPORT].join("|"), pathNot: MODULE_TYPES },
    },
    ...moduleOrder,
    {
      name: "module-unlisted",
      severity: "error",
      comment: "Every module has its place in MODULE_ORDER.",
      from: { path: "^src/modules/" },
      to: { path: "^src/modules/", pathNot: `^src/modules/(${MODULE_ORDER.join("|")})/` },
    },
    {
      name: "modules-through-index",
      severity: "error",
      comment:
        "The root and the transports mount a module's routes, resolvers and schemas, and reach anything else of it through its index.ts.",
      from: { path: [TRANSPORTS, ROOT].join("|") },
      to: { path: MODULES, pathNot: `${MODULE_TRANSPORT}|^src/modules/[^/]+/index\\.ts$` },
    },
    {
      name: "module-transports-below-root",
      severity: "error",
      comment: "A module's routes and resolvers are mounted by the root, not the other way round.",
      from: { path: MODULES },
      to: above(ROOT),
    },
    {
      name: "transports-apart",
      severity: "error",
      comment: "REST and GraphQL share services and helpers below them, never each other's files.",
      from: { path: "^src/http/" },
      to: { path: "^src/graphql/" },
    },
    {
      name: "transports-apart-graphql",
      severity: "error",
      comment: "REST and GraphQL share services and helpers below them, never each other's files.",
      from: { path: "^src/graphql/" },
      to: { path: "^src/http/" },
    },
    {
      name: "transports-below-root",
      severity: "error",
      comment: "The transports are mounted by the composition root.",
      from: { path: TRANSPORTS },
      to: above(ROOT),
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/|^web/app/gql/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
