/**
 * `decode` never accepts a session token jose's jwtDecrypt (with the options decode gave it before
 * it ran its own construction) refuses, and reads the same claims from those both accept. Unlike
 * jwe-paths.fuzz.test.ts, whose odd headers are spliced onto another token (so their tag fails),
 * these tokens are authentic: jose encrypted them with that very header, with the right key.
 */
import { hkdfSync } from "node:crypto"
import fc from "fast-check"
import { CompactEncrypt, jwtDecrypt } from "jose"
import { describe, expect, it } from "vitest"
import { fuzzBudget, fuzzTimeout } from "@gatehouse/test-kit/fuzz-budget"
import { decode } from "./decode.js"
import { deriveEncryptionKey } from "./derive-key.js"

const salt = "authjs.session-token"
const secret = "a-secret-for-the-decode-versus-jose-property"
const keyOf = (length: number) => new Uint8Array(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, length))
const now = () => Math.floor(Date.now() / 1000)

async function outcome(promise: Promise<unknown>) {
  try {
    return { claims: await promise }
  } catch {
    return { refused: true }
  }
}

describe("decode against jose on authentic tokens with any header", () => {
  it(
    "accepts only what jose accepts, with the same claims",
    async () => {
      const cbcKid = (await deriveEncryptionKey("A256CBC-HS512", secret, salt)).kid
      const odd = fc.record(
        {
          alg: fc.constantFrom("dir", "A256KW"),
          enc: fc.constantFrom("A256CBC-HS512", "A256GCM", "A128GCM"),
          kid: fc.oneof(fc.constant(cbcKid), fc.string(), fc.integer()),
          typ: fc.constantFrom("JWT", "JWE"),
          cty: fc.string(),
          iss: fc.constantFrom("me", "you"),
          aud: fc.oneof(fc.constant("app"), fc.constant(["app"])),
          crit: fc.constantFrom(["exp"], [], ["b64"]),
        },
        { requiredKeys: ["alg", "enc"] },
      )
      // Half of them the header Auth.js writes, so that tokens decode accepts come up too.
      const plain = fc.record(
        { alg: fc.constant("dir"), enc: fc.constantFrom("A256CBC-HS512", "A256GCM"), kid: fc.constant(cbcKid) },
        { requiredKeys: ["alg", "enc"] },
      )
      const headers = fc.oneof(plain, odd)
      const claims = fc.record(
        {
          sub: fc.string(),
          iss: fc.constantFrom("me", "you"),
          aud: fc.constantFrom("app", ["app"]),
          exp: fc.oneof(
            fc.integer({ min: -40, max: 40 }).map((offset) => now() + offset),
            fc.string(),
          ),
          nbf: fc.oneof(
            fc.integer({ min: -40, max: 40 }).map((offset) => now() + offset),
            fc.string(),
          ),
          iat: fc.oneof(fc.integer(), fc.string()),
        },
        { requiredKeys: [] },
      )
      let accepted = 0
      await fc.assert(
        fc.asyncProperty(headers, claims, async (header, payload) => {
          const key = header.enc === "A256CBC-HS512" ? keyOf(64) : header.enc === "A256GCM" ? keyOf(32) : keyOf(16)
          const token = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
            .setProtectedHeader(header as never)
            .encrypt(header.alg === "dir" ? key : keyOf(32))
            .catch(() => undefined)
          // A header jose will not write (an unknown crit) has nothing to compare.
          if (!token) return
          const byJose = await outcome(
            jwtDecrypt(token, key, {
              clockTolerance: 15,
              keyManagementAlgorithms: ["dir"],
              contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"],
            }).then(({ payload: read }) => read),
          )
          const byDecode = await outcome(decode({ token, secret, salt }))
          if ("claims" in byDecode) {
            accepted++
            expect(byJose).toEqual(byDecode)
          }
        }),
        fuzzBudget(300),
      )
      expect(accepted).toBeGreaterThan(0)
    },
    fuzzTimeout(),
  )
})
