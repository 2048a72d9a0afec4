import { WebAuthnVerificationError } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"

/** The browser's WebAuthn response as posted in `data` (a JSON string), checked only for shape. */
export function readCeremonyResponse<T extends { id: string }>(request: RequestInternal, ceremony: string): T {
  const raw = request.body?.data
  let data: unknown
  try {
    data = typeof raw === "string" ? JSON.parse(raw) : undefined
  } catch (error) {
    throw new WebAuthnVerificationError(`The WebAuthn ${ceremony} response was not valid JSON`, error as Error)
  }
  if (!data || typeof data !== "object" || Array.isArray(data) || typeof (data as { id?: unknown }).id !== "string") {
    throw new WebAuthnVerificationError(`Invalid WebAuthn ${ceremony} response`)
  }
  return data as T
}
