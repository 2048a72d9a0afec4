import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { getToken } from "@gatehouse/next/jwt"
import { cookies, headers } from "next/headers"
import { auth } from "../auth"

type Row = [label: string, value: string]

const when = (value: unknown) =>
  typeof value === "number" ? new Date(value * 1000).toISOString() : value instanceof Date ? value.toISOString() : String(value)

/** JWT sessions: the claims inside the (encrypted) session cookie, decrypted here on the server. */
async function jwtClaims(): Promise<Row[]> {
  const jar = await cookies()
  const secureCookie = jar.has("__Secure-authjs.session-token") || jar.has("__Secure-authjs.session-token.0")
  const token = await getToken({ req: { headers: await headers() }, secret: process.env.AUTH_SECRET!, secureCookie })
  if (!token) return []
  return Object.entries(token).map(([claim, value]) => [
    claim,
    claim === "iat" || claim === "exp" ? `${value} (${when(value)})` : String(value),
  ])
}

let adapter: ReturnType<typeof SQLiteAdapter> | undefined

/** Database sessions: the session's row. Its token is the HttpOnly cookie's value, so it is not shown. */
async function sessionRow(): Promise<Row[]> {
  const jar = await cookies()
  const token = jar.get("__Secure-authjs.session-token")?.value ?? jar.get("authjs.session-token")?.value
  if (!token) return []
  adapter ??= SQLiteAdapter(process.env.DATABASE_PATH ?? "gatehouse-example.db")
  const found = await adapter.getSessionAndUser!(token)
  if (!found) return []
  return [
    ["sessionToken", "(hidden: the cookie's value)"],
    ["userId", found.session.userId],
    ["expires", when(found.session.expires)],
  ]
}

/** "Your session": who is signed in, until when, with which strategy, and what the session itself holds. */
export async function SessionPanel() {
  const session = await auth()
  const strategy = process.env.AUTH_SESSION_STRATEGY === "database" ? "database" : "jwt"
  if (!session?.user) {
    return (
      <section className="card session wide" aria-labelledby="your-session">
        <h2 id="your-session">Your session</h2>
        <p data-testid="session-panel-empty">
          You are not signed in. Pick any method on the sign-in page; this panel then shows what the session holds.
        </p>
      </section>
    )
  }
  const held = strategy === "jwt" ? await jwtClaims() : await sessionRow()
  return (
    <section className="card session wide" aria-labelledby="your-session" data-testid="session-panel">
      <h2 id="your-session">
        Your session{" "}
        <span className="badge on" data-testid="session-strategy">
          {strategy}
        </span>
      </h2>
      <dl>
        <dt>Name</dt>
        <dd>{session.user.name ?? "—"}</dd>
        <dt>E-mail</dt>
        <dd>{session.user.email ?? "—"}</dd>
        <dt>User id</dt>
        <dd>{session.user.id ?? "—"}</dd>
        <dt>Expires</dt>
        <dd data-testid="session-expires">{session.expires}</dd>
      </dl>
      <h3>{strategy === "jwt" ? "JWT claims (decrypted on the server)" : "Session row (SQLite)"}</h3>
      <dl data-testid="session-held">
        {held.map(([label, value]) => (
          <div key={label}>
            <dt>
              <code>{label}</code>
            </dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
