/**
 * Credential IDs travel as base64url (WebAuthn JSON) but are stored as standard base64, as
 * Auth.js stores them, so databases carry over. These only re-spell an ID; they never touch
 * ceremony data.
 */
const base64url = /^[A-Za-z0-9_-]+={0,2}$/
const base64 = /^[A-Za-z0-9+/]+={0,2}$/

/** Standard, padded base64 of a base64url (or base64) ID; undefined for anything else. */
export function storedCredentialId(id: string): string | undefined {
  if (!base64url.test(id) && !base64.test(id)) return undefined
  const unpadded = id.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/")
  if (unpadded.length % 4 === 1) return undefined
  return unpadded + "=".repeat((4 - (unpadded.length % 4)) % 4)
}

/** The base64url (unpadded) spelling WebAuthn JSON and @simplewebauthn/server use. */
export function webauthnCredentialId(stored: string): string {
  return stored.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")
}

/** Standard base64 of raw bytes (a public key), as Auth.js stores it. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ""
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The bytes of a standard base64 string. */
export function base64ToBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Auth.js stores transports comma-joined. */
export function transportsToString(transports: unknown): string | undefined {
  return Array.isArray(transports) && transports.every((t) => typeof t === "string") ? transports.join(",") : undefined
}

export function stringToTransports(value: string | null | undefined): string[] | undefined {
  return value ? value.split(",") : undefined
}
