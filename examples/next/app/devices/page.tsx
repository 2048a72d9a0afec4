import type { SessionInfo } from "@gatehouse/next"
import { redirect } from "next/navigation"
import { auth, sessions } from "../../auth"
import { revokeAllSessions, revokeOtherSessions, revokeSession, signOutAtIdentityProvider } from "./actions"

/** A date as people read it, with the exact instant in `dateTime` (UTC, so server and reader agree). */
function When({ iso }: { iso: string | null }) {
  if (!iso) return <>—</>
  const text = new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })
  return <time dateTime={iso}>{text} UTC</time>
}

/** "Firefox on Linux"-style name for a user agent; the full string stays in the title. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device"
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser"
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "an unknown system"
  return `${browser} on ${system}`
}

function Device({ session }: { session: SessionInfo }) {
  return (
    <li className="card device" data-testid="device" data-current={session.current} data-session-id={session.id}>
      <h2>
        <span title={session.userAgent ?? undefined}>{deviceName(session.userAgent)}</span>{" "}
        {session.current && (
          <span className="badge on" data-testid="device-current">
            this device
          </span>
        )}
      </h2>
      <dl>
        <dt>Browser</dt>
        <dd data-testid="device-user-agent">{session.userAgent ?? "—"}</dd>
        <dt>Signed in with</dt>
        <dd data-testid="device-provider">{session.provider ?? "—"}</dd>
        <dt>Signed in</dt>
        <dd>
          <When iso={session.createdAt} />
        </dd>
        <dt>Last seen</dt>
        <dd>
          <When iso={session.lastSeenAt} />
        </dd>
        <dt>Expires</dt>
        <dd>
          <When iso={session.expires} />
        </dd>
      </dl>
      {!session.current && (
        <form action={revokeSession}>
          <input type="hidden" name="sessionId" value={session.id} />
          <button type="submit" className="secondary" data-testid="device-revoke">
            Sign out this device
          </button>
        </form>
      )}
    </li>
  )
}

/**
 * "Your devices": the user's sessions from `sessions.list()` in this server component, each other one with a
 * server action that revokes it through `sessions.revoke(id)`.
 */
export default async function DevicesPage() {
  const session = await auth()
  if (!session?.user) redirect("/signin?callbackUrl=/devices")
  const list = await sessions.list()
  if (!list) {
    // Signed in, yet no recorded session: a JWT minted before sessions were recorded (or by Auth.js before the
    // move) names no session to list or revoke until it is renewed at the next sign-in.
    return (
      <>
        <h1>Your devices</h1>
        <p className="lead" data-testid="devices-unmanaged">
          This session was started before sessions were recorded, so it cannot be listed or revoked here. Sign out and in again to manage
          your devices.
        </p>
      </>
    )
  }
  // This device first, then the most recently active.
  const ordered = [...list].sort(
    (a, b) => Number(b.current) - Number(a.current) || (b.lastSeenAt ?? b.createdAt ?? "").localeCompare(a.lastSeenAt ?? a.createdAt ?? ""),
  )
  return (
    <>
      <h1>Your devices</h1>
      <p className="lead">
        Every browser signed in to your account. Sign out one you do not recognise, or all of them at once: each is signed out on its next
        request{process.env.AUTH_SESSION_STRATEGY === "database" ? "" : " (JWT sessions: within the revocation check interval)"}.
      </p>
      <ul className="devices" data-testid="devices">
        {ordered.map((item) => (
          <Device key={item.id} session={item} />
        ))}
      </ul>
      <div className="row">
        <form action={revokeOtherSessions}>
          <button type="submit" className="secondary" data-testid="revoke-others" disabled={ordered.length < 2}>
            Sign out everywhere else
          </button>
        </form>
        <form action={revokeAllSessions}>
          <button type="submit" data-testid="revoke-all">
            Sign out everywhere
          </button>
        </form>
        {ordered.find((item) => item.current)?.provider === "dev-idp" && (
          <form action={signOutAtIdentityProvider}>
            <button type="submit" className="secondary" data-testid="sign-out-at-idp">
              Sign out everywhere, including the identity provider
            </button>
          </form>
        )}
      </div>
    </>
  )
}
