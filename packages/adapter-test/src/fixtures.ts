import type { AdapterAccount, AdapterAuthenticator, AdapterUser } from "@gatehouse/core/adapters"

/** A short random tag: every test makes its own rows, so tests never see each other's data. */
export function uniqueTag(): string {
  return crypto.randomUUID().slice(0, 8)
}

export function newUser(overrides: Partial<AdapterUser> = {}): AdapterUser {
  const tag = uniqueTag()
  return {
    id: crypto.randomUUID(),
    name: `User ${tag}`,
    email: `user-${tag}@example.test`,
    emailVerified: null,
    image: `https://example.test/avatars/${tag}.png`,
    ...overrides,
  }
}

/** An OAuth account carrying every token field Auth.js stores. */
export function newAccount(userId: string, overrides: Partial<AdapterAccount> = {}): AdapterAccount {
  const tag = uniqueTag()
  return {
    userId,
    type: "oidc",
    provider: "test-idp",
    providerAccountId: `sub-${tag}`,
    access_token: `at-${tag}`,
    refresh_token: `rt-${tag}`,
    id_token: `eyJhbGciOiJub25lIn0.eyJzdWIiOiIke3RhZ30ifQ.${tag}`,
    expires_at: 1_900_000_000,
    token_type: "bearer",
    scope: "openid email profile",
    session_state: `state-${tag}`,
    ...overrides,
  }
}

export function newAuthenticator(userId: string, providerAccountId: string): AdapterAuthenticator {
  const tag = uniqueTag()
  return {
    userId,
    providerAccountId,
    credentialID: `cred-${tag}-${"A".repeat(40)}`,
    credentialPublicKey: `pQECAyYgASFYI${tag}`,
    counter: 0,
    credentialBackedUp: false,
    credentialDeviceType: "singleDevice",
    transports: "usb,nfc",
  }
}

/** A whole second in the future or past, at millisecond precision that every database keeps. */
export function dateFromNow(ms: number): Date {
  return new Date(Math.floor((Date.now() + ms) / 1000) * 1000 + 123)
}

/** Values that break naively built SQL or naive encodings, each of which must come back byte for byte. */
export const hostileStrings = [
  "O'Brien",
  'The "Quoted" One',
  "Zoë Ångström 🦊 日本語 עברית",
  "`; '; DROP TABLE users; --",
  "Robert'); DROP TABLE sessions;--",
  "back\\slash \\' \\\" %_ $1 ?",
  "line\nbreak\ttab",
] as const
