import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser"
import type { PasskeyAction } from "./types.js"

export type CeremonyOptions =
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON }
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON }

/** GET <basePath>/webauthn-options/<provider>: the ceremony the server chose, or its `error`. */
export async function fetchCeremonyOptions(
  basePath: string,
  provider: string,
  action: PasskeyAction | undefined,
  fields: Record<string, string>,
): Promise<{ ceremony: CeremonyOptions } | { error: string; status: number }> {
  const query = new URLSearchParams(fields)
  if (action) query.set("action", action)
  const response = await fetch(`${basePath}/webauthn-options/${encodeURIComponent(provider)}?${query}`, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  })
  const body = (await response.json().catch(() => null)) as (CeremonyOptions & { error?: string }) | null
  if (!response.ok || !body || (body.action !== "register" && body.action !== "authenticate")) {
    return { error: body?.error ?? `Options request failed (${response.status})`, status: response.status }
  }
  return { ceremony: body }
}
