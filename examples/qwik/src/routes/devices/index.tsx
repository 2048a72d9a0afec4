import { component$ } from "@builder.io/qwik"
import { Form, Link, type DocumentHead } from "@builder.io/qwik-city"
import { auth } from "../plugin@auth"

// Exported from this page only: the loader lists the user's sessions, which no other page needs.
export const { useSessions, useRevokeSession } = auth

/** Dates as the server sent them (ISO, UTC), minutes precision: the same text on the server and in the browser. */
function when(iso: string | null): string {
  return iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "unknown"
}

/** "Your devices": every session of the signed-in user, this one marked; sign one out, or all others, or all. */
export default component$(() => {
  const sessions = useSessions()
  const revoke = useRevokeSession()
  const result = revoke.value
  if (!sessions.value) {
    return (
      <>
        <h1>Your devices</h1>
        <p id="devices-signed-out">
          You are not signed in. <Link href="/?redirectTo=/devices/">Sign in</Link> to see your devices.
        </p>
      </>
    )
  }
  // The current device first, then the most recently seen.
  const devices = [...sessions.value].sort(
    (a, b) => Number(b.current) - Number(a.current) || (b.lastSeenAt ?? "").localeCompare(a.lastSeenAt ?? ""),
  )
  return (
    <>
      <h1>Your devices</h1>
      <p>Where you are signed in. Signing a device out ends its session at once.</p>
      {result?.failed && (
        <p id="devices-error" role="alert">
          {[...result.formErrors, ...Object.values(result.fieldErrors).flat()].join(" ")}
        </p>
      )}
      {result && !result.failed && (
        <p id="devices-message" role="status">
          Signed out of {result.revoked} {result.revoked === 1 ? "session" : "sessions"}.
        </p>
      )}
      <ul id="devices">
        {devices.map((device) => (
          <li key={device.id} class="device" data-current={String(device.current)}>
            <strong class="device-agent">{device.userAgent ?? "Unknown browser"}</strong>
            {device.current && <span class="current-device"> (this device)</span>}
            <dl>
              <dt>Signed in with</dt>
              <dd class="device-provider">{device.provider ?? "unknown"}</dd>
              <dt>Signed in</dt>
              <dd>{when(device.createdAt)}</dd>
              <dt>Last seen</dt>
              <dd>{when(device.lastSeenAt)}</dd>
              <dt>Expires</dt>
              <dd>{when(device.expires)}</dd>
            </dl>
            {!device.current && (
              <Form action={revoke} class="revoke-form">
                <input type="hidden" name="sessionId" value={device.id} />
                <button type="submit">Sign out this device</button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form action={revoke} id="revoke-others-form">
        <input type="hidden" name="scope" value="others" />
        <button type="submit">Sign out everywhere else</button>
      </Form>
      <Form action={revoke} id="revoke-all-form">
        <input type="hidden" name="scope" value="all" />
        <button type="submit">Sign out everywhere</button>
      </Form>
    </>
  )
})

export const head: DocumentHead = { title: "Your devices · Gatehouse · Qwik City" }
