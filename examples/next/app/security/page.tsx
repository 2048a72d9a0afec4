import { redirect } from "next/navigation"
import { auth } from "../../auth"
import { authJson } from "../../auth-json"
import { AddPasskey } from "../../components/add-passkey"

/** What GET {basePath}/second-factor answers a signed-in user (Accept: application/json). */
interface SecondFactorMethods {
  totp: boolean
  backupCodesLeft: number
  passkeys: number
}

export default async function SecurityPage() {
  const session = await auth()
  if (!session?.user) redirect("/signin?callbackUrl=/security")
  const methods = await authJson<SecondFactorMethods>("/api/auth/second-factor")
  const totpOn = methods?.totp === true
  return (
    <>
      <h1>Security</h1>
      <section className="card" aria-labelledby="two-step">
        <h2 id="two-step">Two-step verification</h2>
        {methods ? (
          <p data-testid="totp-status" data-totp={totpOn ? "on" : "off"}>
            {totpOn
              ? `On: signing in asks for a code from your authenticator app. Backup codes left: ${methods.backupCodesLeft}.`
              : "Off: signing in does not ask for a code."}
          </p>
        ) : (
          <p data-testid="totp-status" data-totp="unknown">
            The status could not be read.
          </p>
        )}
        <p>
          {/* The built-in page: enrol (QR code and key), new backup codes, turn off. A plain link: it is a route, not a Next page. */}
          <a href="/api/auth/second-factor" data-testid="manage-second-factor">
            {totpOn ? "Manage two-step verification" : "Set up an authenticator app"}
          </a>
        </p>
        <p className="hint">
          Turning it off or getting new backup codes needs a recent sign-in: after a while you are asked to sign in again.
        </p>
      </section>
      <section className="card" aria-labelledby="passkeys">
        <h2 id="passkeys">Passkeys</h2>
        <p data-testid="passkey-count" data-passkeys={methods?.passkeys ?? 0}>
          {`Passkeys: ${methods?.passkeys ?? 0}.`} With two-step verification on, any of them answers the check instead of a code.
        </p>
        <AddPasskey />
      </section>
    </>
  )
}
