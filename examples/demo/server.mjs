// The Gatehouse demo: a plain Node server using the core handler and its built-in pages.
// Run from the repository root with `npm ci && npm run demo`, then open http://localhost:3000.
// Embedded defaults: SQLite for users and sessions, a local OpenID provider, e-mail printed to the console.
import { mkdirSync } from "node:fs"
import { createServer } from "node:http"
import { Auth, listSessions } from "@gatehouse/core"
import { BackchannelLogout } from "@gatehouse/core/backchannel-logout"
import { FederatedSignOut } from "@gatehouse/core/federated-sign-out"
import Credentials from "@gatehouse/core/providers/credentials"
import Nodemailer from "@gatehouse/core/providers/nodemailer"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { startDevIdentityProvider } from "@gatehouse/dev-idp"
import { sendWebResponse, toWebRequest } from "./node-request.mjs"
import { signOutEverywhereForm } from "./sign-out-everywhere.mjs"

const port = Number(process.env.PORT ?? 3000)
const origin = `http://localhost:${port}`
const dataDir = process.env.DEMO_DATA_DIR ? new URL(`file://${process.env.DEMO_DATA_DIR}/`) : new URL("./.data/", import.meta.url)
mkdirSync(dataDir, { recursive: true })

const idp = await startDevIdentityProvider({
  port: Number(process.env.DEV_IDP_PORT ?? 0),
  clients: [
    {
      client_id: "gatehouse-demo",
      client_secret: "gatehouse-demo-idp-secret",
      redirect_uris: [`${origin}/auth/callback/dev-idp`],
      // Signing out of the IdP: where a federated sign-out comes back to, and where the IdP posts
      // logout tokens (on loopback: the server listens on 127.0.0.1).
      post_logout_redirect_uris: [`${origin}/auth/signout/callback/dev-idp`],
      backchannel_logout_uri: `http://127.0.0.1:${port}/auth/backchannel-logout/dev-idp`,
    },
  ],
  onBackchannelLogout: ({ clientId, sub, error }) =>
    console.log(`Dev IdP: logout token for ${sub} to ${clientId}: ${error ? `refused (${error.message})` : "accepted"}`),
})

const config = {
  // A fixed development secret; production apps set AUTH_SECRET (openssl rand -base64 33).
  secret: process.env.AUTH_SECRET ?? "gatehouse-demo-secret-for-local-development-only",
  trustHost: true,
  adapter: SQLiteAdapter(new URL("gatehouse-demo.db", dataDir).pathname),
  // The Dev IdP's logout tokens (backchannel_logout_uri above) end the sessions begun there.
  backchannelLogout: BackchannelLogout(),
  // Signing out may end the Dev IdP's session too (its provider's federatedSignOut below).
  federatedSignOut: FederatedSignOut(),
  providers: [
    {
      id: "dev-idp",
      name: "Dev IdP",
      type: "oidc",
      issuer: idp.issuer,
      clientId: "gatehouse-demo",
      clientSecret: "gatehouse-demo-idp-secret",
      // Keeps what a federated sign-out needs; the button below asks for one (federated=true).
      federatedSignOut: "on-request",
    },
    // With no EMAIL_SERVER (an SMTP URL), sign-in e-mails are printed to this console.
    Nodemailer({ server: process.env.EMAIL_SERVER ?? "console", from: "Gatehouse demo <demo@localhost>" }),
    Credentials({
      credentials: {
        username: { label: "Username", placeholder: "demo", autocomplete: "username" },
        password: { label: "Password", type: "password", placeholder: "demo", autocomplete: "current-password" },
      },
      authorize({ username, password }) {
        if (username === "demo" && password === "demo") {
          return { id: "demo-user", name: "Demo User", email: "demo@example.test" }
        }
        return null
      },
    }),
  ],
  callbacks: {
    session({ session, user }) {
      return { ...session, user: { ...session.user, id: user.id } }
    },
  },
}

function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** An HTML page of the demo, never cached (it shows who is signed in). */
function page(title, body, init = {}) {
  const headers = new Headers(init.headers)
  headers.set("content-type", "text/html; charset=utf-8")
  headers.set("cache-control", "private, no-store")
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
     <style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem}pre{background:#f4f4f4;padding:1rem}
     .device{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:0 0 1rem;list-style:none}.devices{padding:0}
     .device dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 .75rem}.device dd{margin:0;overflow-wrap:anywhere}
     .badge{font-size:.75rem;font-weight:700;text-transform:uppercase;border:1px solid currentColor;border-radius:999px;padding:0 .5rem;color:#2563eb}
     form{display:inline}</style>
     </head><body>${body}</body></html>`,
    { status: init.status ?? 200, headers },
  )
}

async function homePage(request) {
  const sessionResponse = await Auth(new Request(`${origin}/auth/session`, { headers: request.headers }), config)
  const session = await sessionResponse.json()
  const everywhere = session ? await signOutEverywhereForm(request, config, { origin, providerId: "dev-idp" }) : { html: "", setCookie: [] }
  const body = session
    ? `<p>Signed in as <strong>${escapeHtml(session.user?.name)}</strong> (${escapeHtml(session.user?.email)}).</p>
       <pre>${escapeHtml(JSON.stringify(session, null, 2))}</pre>
       <p><a href="/devices">Your devices</a> · <a href="/auth/signout">Sign out</a></p>${everywhere.html}`
    : `<p>You are not signed in.</p><p><a href="/auth/signin">Sign in</a> (username <code>demo</code>, password <code>demo</code>)</p>`
  return page("Gatehouse demo", `<h1>Gatehouse demo</h1>${body}`, {
    headers: everywhere.setCookie.map((cookie) => ["set-cookie", cookie]),
  })
}

/** A hidden-field form posting to core's revoke endpoint (same-origin, with the CSRF token, as every auth POST). */
function revokeForm(csrfToken, fields, label, testId) {
  const inputs = Object.entries({ csrfToken, ...fields })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("")
  return `<form method="post" action="/auth/sessions/revoke">${inputs}<button type="submit" data-testid="${testId}">${escapeHtml(label)}</button></form>`
}

/**
 * "Your devices": the signed-in user's sessions, read on the server with core's listSessions (the same list
 * `GET /auth/sessions` answers), each other one with a form that revokes it.
 */
async function devicesPage(request) {
  const sessions = await listSessions(request, config)
  if (!sessions) return new Response(null, { status: 303, headers: { location: "/auth/signin?callbackUrl=%2Fdevices" } })
  // The CSRF token for the forms; its cookie is set here when the browser has none yet.
  const csrfResponse = await Auth(new Request(`${origin}/auth/csrf`, { headers: request.headers }), config)
  const { csrfToken } = await csrfResponse.json()
  const when = (iso) => (iso ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace("T", " ").slice(0, 16))} UTC</time>` : "—")
  const items = sessions
    .sort((a, b) => Number(b.current) - Number(a.current))
    .map(
      (session) => `<li class="device" data-testid="device" data-current="${session.current}" data-session-id="${escapeHtml(session.id)}">
        <p><strong>${escapeHtml(session.userAgent ?? "Unknown device")}</strong> ${session.current ? '<span class="badge" data-testid="device-current">this device</span>' : ""}</p>
        <dl>
          <dt>Signed in with</dt><dd data-testid="device-provider">${escapeHtml(session.provider ?? "—")}</dd>
          <dt>Signed in</dt><dd>${when(session.createdAt)}</dd>
          <dt>Last seen</dt><dd>${when(session.lastSeenAt)}</dd>
          <dt>Expires</dt><dd>${when(session.expires)}</dd>
        </dl>
        ${session.current ? "" : revokeForm(csrfToken, { sessionId: session.id }, "Sign out this device", "device-revoke")}
      </li>`,
    )
    .join("")
  return page(
    "Your devices · Gatehouse demo",
    `<h1>Your devices</h1>
     <p>Every browser signed in to your account; each one signed out here is signed out on its next request.</p>
     <ul class="devices" data-testid="devices">${items}</ul>
     <p>${revokeForm(csrfToken, { scope: "others" }, "Sign out everywhere else", "revoke-others")}
        ${revokeForm(csrfToken, { scope: "all" }, "Sign out everywhere", "revoke-all")}</p>
     <p><a href="/">Home</a></p>`,
    { headers: csrfResponse.headers.getSetCookie().map((cookie) => ["set-cookie", cookie]) },
  )
}

/**
 * The revoke endpoint answers JSON (for fetch). A form posted from "Your devices" goes back there instead
 * (or home, when the response signed this browser out), keeping the Set-Cookie headers of the answer.
 */
function afterRevokeForm(request, response) {
  const fromForm = request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")
  if (!fromForm || !response.ok) return response
  const cookies = response.headers.getSetCookie()
  const signedOut = cookies.some((cookie) => /^(__Secure-)?authjs\.session-token=/.test(cookie))
  const headers = new Headers({ location: signedOut ? "/" : "/devices" })
  for (const cookie of cookies) headers.append("set-cookie", cookie)
  return new Response(null, { status: 303, headers })
}

async function route(request) {
  const { pathname } = new URL(request.url)
  if (pathname === "/auth/sessions/revoke" && request.method === "POST") {
    return afterRevokeForm(request, await Auth(request, config))
  }
  if (pathname.startsWith("/auth/")) return Auth(request, config)
  if (pathname === "/devices") return devicesPage(request)
  return homePage(request)
}

const server = createServer(async (req, res) => {
  try {
    const request = await toWebRequest(req, origin)
    const response = await route(request)
    await sendWebResponse(res, response)
  } catch (error) {
    console.error(error)
    res.writeHead(500).end("Internal error")
  }
})

server.listen(port, "127.0.0.1", () => {
  console.log(`Gatehouse demo on ${origin}`)
  console.log(`Sign in at ${origin}/auth/signin:`)
  console.log(`  - "Sign in with Dev IdP": a local OpenID provider (${idp.issuer}), one click as "Dev User"`)
  console.log(`  - or an e-mail address: the sign-in mail (link and code) is printed here`)
  console.log(`  - or username "demo" and password "demo"`)
  console.log(`Signed in with the Dev IdP, the home page can sign out everywhere, including the identity provider`)
  console.log(`Users and sessions are kept in SQLite at ${new URL("gatehouse-demo.db", dataDir).pathname}`)
})

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    server.close()
    await idp.close()
    process.exit(0)
  })
}
