// Bundles core's JavaScript: one file per public entry point, shared code split into chunks (so
// `instanceof AuthError` holds across entry points). Loading ~10 files instead of ~200 halves the
// cold import; declarations still come from tsc. jose is bundled too (only the JWE and thumbprint
// modules core uses): its many small ESM files cost ~25 ms of a cold start, more than all of core.
// The price is that a jose fix ships with a Gatehouse release; the version is pinned in package.json
// (devDependencies) and checked by `npm audit` like any other. Other dependencies stay external.
//
// src/crypto/native-crypto.ts is the one module with a variant per runtime: the bundle imports it as
// `#native-crypto`, which package.json "imports" resolves by export condition — `node` to the
// node:crypto variant, `workerd`, `edge-light`, `browser` and anything else to the WebCrypto one.
// Only that small module is duplicated: everything else (and every class `instanceof` relies on)
// exists once, whichever runtime loads it.
//
// esbuild's split output has entry points import some chunks bare (`import "./chunks/…"`, kept for
// evaluation order); package.json lists the chunks under "sideEffects" so an app's bundler keeps
// those imports instead of warning `ignored-bare-import` at the app's developer for each of them.
// Marking them costs no size: bundlers still drop a chunk's unused declarations.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { joseDirectKeyOnly, joseWithoutZip } from "./jose-trims.mjs"

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"))
// Published under providers/: each provider (a module whose default export is the provider), the types
// (index, types). Helpers the providers share (fetch-provider-json…) are bundled into them, not published.
// The integrations re-export exactly this list (scripts/write-provider-reexports.mjs).
const providerSources = new URL("../src/providers/", import.meta.url)
const providerFiles = readdirSync(providerSources).filter(
  (file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".d.ts"),
)
const isPublished = (file) =>
  ["index.ts", "types.ts"].includes(file) || /^export default /m.test(readFileSync(new URL(file, providerSources), "utf8"))
const providers = providerFiles.filter(isPublished).map((file) => `src/providers/${file}`)

// The languages of the built-in pages besides English: `@gatehouse/core/locales` (all) and one entry per language.
const locales = readdirSync(new URL("../src/locales/", import.meta.url))
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => `src/locales/${file}`)

const nativeCryptoImport = {
  name: "native-crypto-by-condition",
  setup(build) {
    build.onResolve({ filter: /\/native-crypto\.js$/ }, () => ({ path: "#native-crypto", external: true }))
  },
}

// The doctor's start-up report is chosen the same way (#startup-report): edge runtimes get a module
// that reports nothing, so a Workers bundle carries none of the doctor's checks; every other runtime
// gets a module re-exporting the report from the doctor's entry point (its code exists once).
const startupReportImport = {
  name: "startup-report-by-condition",
  setup(build) {
    build.onResolve({ filter: /\/startup-report\.js$/ }, () => ({ path: "#startup-report", external: true }))
  },
}

// What a cold import of the package loads should be few files: Node's module loader pays per file
// (resolve, read, compile, link), and ~45 small chunks cost more than fewer larger ones of the same
// code. esbuild puts two modules in one chunk when exactly the same entry points reach them, and each
// module loaded on first use (below) is an entry point of its own reaching a different part of what
// `index.ts` loads, which would split that part into dozens of chunks. So those modules, and the entry
// points only ever imported beside the package's (the `server` entry the framework integrations are
// made of, the config's opt-in parts: doctor, second factors, account, back-channel logout, federated sign-out, token refresh, session
// stores, rate limiting, page languages; the providers; the adapters' and integrations' entries), import
// `index.ts` too (an import added at bundling; its modules are loaded whenever those run). Then what
// `index.ts` loads falls into a few chunks, split only where a lighter entry point a browser or a
// middleware imports alone (jwt, errors, types: test/packaging/workers-bundle.test.ts keeps them light)
// reaches part of it. The Password provider's flows, which it `import()`s, join too: a lazily loaded
// module is an entry point of its own, and one that does not import `index.ts` splits what it shares
// with it into more chunks (an app with Password() bundled for Workers is the same size either way,
// with no lazy initializer added). The WebAuthn provider imports its flows: see there.
const mainEntry = "src/index.ts"
const alongsideMain = [
  "src/server/index.ts",
  "src/doctor/index.ts",
  "src/second-factor/index.ts",
  "src/account/index.ts",
  "src/backchannel-logout/index.ts",
  "src/federated-sign-out/index.ts",
  "src/token-refresh/index.ts",
  "src/sessions/stores/index.ts",
  "src/session-records/index.ts",
  "src/ratelimit/index.ts",
  "src/adapters.ts",
  "src/integration.ts",
  "src/passwords/password-flows.ts", // the Password provider's flows, import()ed at their first request
  ...locales,
  ...providers,
]

// The added import is of a stand-in module re-exporting the main entry: a bare import of `index.ts`
// itself would be dropped with a warning (package.json's "sideEffects" lists only dist's chunks).
const mainEntrySpecifier = "gatehouse:main-entry"
function importingMainEntry(files) {
  const paths = new Set(files.map((file) => fileURLToPath(new URL(`../${file}`, import.meta.url))))
  const main = fileURLToPath(new URL(`../${mainEntry}`, import.meta.url))
  return {
    name: "importing-main-entry",
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${mainEntrySpecifier}$`) }, () => ({ path: main, namespace: "main-entry" }))
      build.onLoad({ filter: /.*/, namespace: "main-entry" }, () => ({
        contents: `export * from ${JSON.stringify(main)}`,
        loader: "ts",
        resolveDir: dirname(main),
      }))
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!paths.has(args.path)) return undefined
        const source = readFileSync(args.path, "utf8")
        return { contents: `${source}\nimport "${mainEntrySpecifier}"\n`, loader: "ts", resolveDir: dirname(args.path) }
      })
    },
  }
}

// What most requests never run loads on first use on Node, through loader modules chosen the same
// way (`#loaders/…`, e.g. src/handler/action-loaders.ts): each `<name>-loader(s).ts` has a
// `.node.ts` variant that `import()`s its modules, while the default (edge) one imports them
// statically, as an `import()` in an app's one-file bundle makes the bundler wrap every module the
// target reaches in a lazy initializer. The loaded modules are entry points of the build below, at
// their own paths in dist, which both variants import.
const sourceFiles = (folder) =>
  readdirSync(new URL(`../${folder}`, import.meta.url), { recursive: true }).map((file) => `${folder}/${file}`)
const loaderSources = sourceFiles("src").filter((file) => /-loaders?(\.node)?\.ts$/.test(file))
const loadedOnFirstUse = [
  ...["signin", "signout", "callback", "reauthenticate"].map((name) => `src/actions/${name}.ts`),
  "src/email/verify-request-view.ts",
  "src/oauth/discovery.ts",
]
const srcFolder = fileURLToPath(new URL("../src/", import.meta.url))
// Each loader has its own key in package.json "imports" (not a `#loaders/*` pattern: its `node`
// target, the one file below, has no `*` to fill, which not every bundler's resolver accepts).
for (const file of loaderSources.filter((source) => !source.endsWith(".node.ts"))) {
  const key = `#loaders/${file.slice("src/".length, -".ts".length)}`
  if (!manifest.imports?.[key]) throw new Error(`${file} has no ${key} in package.json "imports"`)
}
const loadersImport = {
  name: "loaders-by-condition",
  setup(build) {
    build.onResolve({ filter: /-loaders?\.js$/ }, (args) => {
      const source = join(args.resolveDir, args.path)
      return { path: `#loaders/${relative(srcFolder, source).replace(/\.js$/, "")}`, external: true }
    })
  },
}

rmSync(new URL("../dist/chunks/", import.meta.url), { recursive: true, force: true })
await build({
  entryPoints: loaderSources.filter((file) => !file.endsWith(".node.ts")),
  outdir: "dist",
  outbase: "src",
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  external: ["./*", "../*"],
  logLevel: "warning",
})
await build({
  entryPoints: ["src/doctor/startup-report.ts", "src/doctor/startup-report.node.ts"],
  outdir: "dist/doctor",
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  external: ["./index.js"],
  logLevel: "warning",
})
await build({
  entryPoints: ["src/crypto/native-crypto.ts"],
  outdir: "dist/crypto",
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  logLevel: "warning",
})

// On Node every variant above is one file, dist/node-runtime.js: package.json maps the `node`
// condition of #native-crypto, #startup-report and both #loaders/… to it, so Node opens one file
// where it opened four (each file costs Node's loader ~1 ms of a cold import, as much as ~20 KiB of
// code). Its export names are distinct, and an `import()` there keeps pointing at its module's place
// in dist. Edge runtimes, browsers and a runtime matching none of the conditions keep the separate
// files.
const nodeVariants = [
  ...loaderSources.filter((file) => file.endsWith(".node.ts")),
  "src/doctor/startup-report.node.ts",
  "src/crypto/native-crypto.node.ts",
]
await build({
  stdin: {
    contents: nodeVariants.map((file) => `export * from ${JSON.stringify(`./${file}`)}`).join("\n"),
    resolveDir: fileURLToPath(new URL("../", import.meta.url)),
    loader: "ts",
  },
  outfile: "dist/node-runtime.js",
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  external: ["node:*"],
  logLevel: "warning",
  plugins: [
    {
      name: "first-use-imports-stay-in-dist",
      setup(build) {
        build.onResolve({ filter: /^\./ }, (args) => {
          if (args.kind !== "dynamic-import") return undefined
          const target = relative(srcFolder, join(args.resolveDir, args.path))
          return { path: `./${target}`, external: true }
        })
      },
    },
  ],
})
await build({
  entryPoints: [
    mainEntry,
    "src/jwt.ts",
    "src/errors.ts",
    "src/adapters.ts",
    "src/types.ts",
    "src/ratelimit/index.ts",
    "src/sessions/stores/index.ts",
    "src/session-records/index.ts",
    "src/integration.ts",
    "src/client/index.ts",
    "src/server/index.ts",
    "src/doctor/index.ts",
    "src/second-factor/index.ts",
    "src/account/index.ts",
    "src/backchannel-logout/index.ts",
    "src/federated-sign-out/index.ts",
    "src/token-refresh/index.ts",
    ...loadedOnFirstUse,
    ...locales,
    ...providers,
  ],
  outdir: "dist",
  outbase: "src",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  entryNames: "[dir]/[name]",
  chunkNames: "chunks/[name]-[hash]",
  external: [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})],
  legalComments: "eof",
  logLevel: "warning",
  plugins: [
    nativeCryptoImport,
    startupReportImport,
    loadersImport,
    importingMainEntry([...alongsideMain, ...loadedOnFirstUse]),
    joseWithoutZip,
    joseDirectKeyOnly,
  ],
})

// tsc declared the helpers too; without their JavaScript, `@gatehouse/core/providers/<helper>` must not resolve at all.
const providerDeclarations = new URL("../dist/providers/", import.meta.url)
const declarationTexts = readdirSync(providerDeclarations)
  .filter((file) => file.endsWith(".d.ts"))
  .map((file) => readFileSync(new URL(file, providerDeclarations), "utf8"))
for (const helper of providerFiles.filter((file) => !isPublished(file)).map((file) => file.slice(0, -".ts".length))) {
  if (declarationTexts.some((text) => text.includes(`./${helper}.js`))) continue
  rmSync(new URL(`${helper}.d.ts`, providerDeclarations), { force: true })
}

// The error and warning reference that messages point to (src/docs-link.ts), shipped with the package.
mkdirSync(new URL("../dist/docs/", import.meta.url), { recursive: true })
copyFileSync(new URL("../../../docs/errors.md", import.meta.url), new URL("../dist/docs/errors.md", import.meta.url))
