import { passkeyFormScript } from "./passkey-form-script.js"
import { simpleWebAuthnBrowserBundle } from "./simplewebauthn-browser-bundle.js"

export interface InlineScript {
  /** The script text, safe to place between `<script>` tags. */
  source: string
  /** Its CSP source expression (without quotes): `sha256-…`. */
  hash: string
}

let script: Promise<InlineScript> | undefined

/** The sign-in page's passkey script (browser library + form behaviour) and its CSP hash, computed once. */
export function signinPageScript(): Promise<InlineScript> {
  script ??= (async () => {
    const source = `${simpleWebAuthnBrowserBundle}\n${passkeyFormScript}`
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(source))
    let binary = ""
    for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte)
    return { source, hash: `sha256-${btoa(binary)}` }
  })()
  return script
}
