// `node bench/server-api.mjs [--quick]`: server-side session reads without a loopback request (issue 34).
// - `@gatehouse/core/server`'s getSession({ headers, config }) beside @auth/core's Auth(new Request(…/session)),
//   which is how Auth.js's integrations read a session on the server;
// - SvelteKit's `event.locals.auth()` in the handle, @gatehouse/sveltekit beside @auth/sveltekit, the
//   same config, the same request events.
// Distinct valid JWT cookies in turn (no cache can help) and one cookie read again, one at a time and
// 16 in flight; interleaved rounds (measure.mjs). Each side is checked to answer the right user first.
// SvelteKit's virtual modules ($env/dynamic/private, $app/environment, $app/paths) are served by a
// loader hook registered below, as Vite would serve them in an app (and it lets @auth/sveltekit's
// extensionless relative imports resolve, as Vite does).
import { register } from "node:module"

register(
  `data:text/javascript,${encodeURIComponent(`
const stubs = {
  "$env/dynamic/private": "export const env = process.env",
  "$app/environment": "export const dev = false, building = false, browser = false, version = 'bench'",
  "$app/paths": "export const base = '', assets = ''",
}
export async function resolve(specifier, context, next) {
  if (specifier in stubs) return { url: "data:text/javascript," + encodeURIComponent(stubs[specifier]), shortCircuit: true }
  // @auth/sveltekit imports "./env" and "./actions" without an extension, as Vite allows.
  if (specifier.startsWith(".") && !/\.[cm]?js$/.test(specifier)) return next(specifier + ".js", context)
  return next(specifier, context)
}`)}`,
)

const { getSession } = await import("@gatehouse/core/server")
const { encode } = await import("@gatehouse/core/jwt")
const GatehouseCredentials = (await import("@gatehouse/core/providers/credentials")).default
const { Auth: AuthjsAuth } = await import("@auth/core")
const AuthjsCredentials = (await import("@auth/core/providers/credentials")).default
const { SvelteKitAuth: GatehouseSvelteKitAuth } = await import("@gatehouse/sveltekit")
const { SvelteKitAuth: AuthjsSvelteKitAuth } = await import("@auth/sveltekit")
const { compare, roundSpread } = await import("./measure.mjs")
const { benchSecret, demoCredentialsConfig } = await import("./credentials-sign-in.mjs")

const quick = process.argv.includes("--quick")
const count = quick ? 300 : 2000
const rounds = quick ? 3 : 7
const origin = "http://localhost:3000"
const salt = "authjs.session-token"
const users = 4000
const cookies = await Promise.all(
  Array.from({ length: users }, (_, i) =>
    encode({ token: { name: `User ${i}`, email: `user${i}@example.test`, sub: String(i) }, secret: benchSecret, salt }),
  ),
)
const inTurn = (list) => {
  let next = 0
  return () => list[next++ % list.length]
}
const headersOf = (cookie) => new Headers({ host: "localhost:3000", cookie: `${salt}=${cookie}` })

console.error = () => {}
console.warn = () => {}

const gatehouseConfig = demoCredentialsConfig(GatehouseCredentials)
const authjsConfig = demoCredentialsConfig(AuthjsCredentials)

/** A SvelteKit request event for a page, as the handle receives it (cookie jar included). */
function pageEvent(cookie) {
  const headers = headersOf(cookie)
  const request = new Request(`${origin}/page`, { headers })
  const jar = new Map([[salt, cookie]])
  return {
    url: new URL(`${origin}/page`),
    request,
    locals: {},
    params: {},
    route: { id: "/page" },
    cookies: {
      get: (name) => jar.get(name),
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      set: (name, value) => void jar.set(name, value),
      delete: (name) => void jar.delete(name),
      serialize: (name, value) => `${name}=${value}`,
    },
    setHeaders: () => {},
    getClientAddress: () => "127.0.0.1",
    isDataRequest: false,
    isSubRequest: false,
    platform: undefined,
    fetch,
  }
}
const ok = new Response("ok")
function localsAuth(handle) {
  return (cookie) => {
    let session
    return Promise.resolve(
      handle({
        event: pageEvent(cookie),
        resolve: async (event) => {
          session = await event.locals.auth()
          return ok
        },
      }),
    ).then(() => session)
  }
}

const reads = {
  "core/server getSession vs @auth/core Auth(new Request(/session))": {
    gatehouse: (cookie) => getSession({ headers: headersOf(cookie), url: origin, config: gatehouseConfig }).then((r) => r.value),
    authjs: (cookie) =>
      AuthjsAuth(new Request(`${origin}/auth/session`, { headers: headersOf(cookie) }), authjsConfig).then((r) => r.json()),
  },
  "SvelteKit locals.auth(): @gatehouse/sveltekit vs @auth/sveltekit": {
    gatehouse: localsAuth(GatehouseSvelteKitAuth(demoCredentialsConfig(GatehouseCredentials)).handle),
    authjs: localsAuth(AuthjsSvelteKitAuth(demoCredentialsConfig(AuthjsCredentials)).handle),
  },
}

const rows = []
for (const [name, sides] of Object.entries(reads)) {
  for (const [side, read] of Object.entries(sides)) {
    const session = await read(cookies[7])
    if (session?.user?.email !== "user7@example.test") throw new Error(`${side} read the wrong session in "${name}"`)
  }
  for (const [which, cookieOf] of [
    [`${users} distinct cookies in turn`, () => inTurn(cookies)],
    ["one cookie again", () => () => cookies[0]],
  ]) {
    for (const inFlight of [1, 16]) {
      const ops = Object.fromEntries(
        Object.entries(sides).map(([side, read]) => {
          const cookie = cookieOf()
          return [side, () => read(cookie())]
        }),
      )
      const result = await compare(ops, { count, inFlight, rounds })
      const ratio = result.gatehouse / result.authjs
      const { details } = result
      rows.push({ case: `${name}, ${which}`, inFlight, ratio, gatehouse: result.gatehouse, authjs: result.authjs, cpu: details })
      console.log(
        `${`${name}, ${which}`.padEnd(100)} in flight ${String(inFlight).padStart(2)}: ${ratio.toFixed(1)}×  ` +
          `(gatehouse ${result.gatehouse.toFixed(0)}/s, Auth.js ${result.authjs.toFixed(0)}/s; ${roundSpread(details.roundRatios)}; ` +
          `CPU ${details.gatehouse.cpuMicros.toFixed(0)} vs ${details.authjs.cpuMicros.toFixed(0)} µs)`,
      )
    }
  }
}
