/**
 * Property tests of JWE session tokens: random strings, random five-part shapes, and every kind
 * of mutation of a real token (a character changed, parts cut, swapped or repeated, headers
 * rewritten). getToken and GET /session must never throw, and a token that decrypts at all
 * must be byte-for-byte the original claims: forged input never becomes a session.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Auth } from "../handler/auth.js"
import { base, credentialsConfig, secret } from "@gatehouse/test-kit/credentials-app"
import { fuzzBudget, fuzzTimeout } from "@gatehouse/test-kit/fuzz-budget"
import { hostileText } from "@gatehouse/test-kit/hostile-text"
import { decode } from "./decode.js"
import { encode } from "./encode.js"
import { getToken } from "./get-token.js"

const salt = "authjs.session-token"
const base64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
const claims = { sub: "user-1", name: "Ada", email: "ada@example.test" }

const base64urlText = fc.string({ unit: fc.constantFrom(...base64url), maxLength: 80 })
const b64json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")

/** A JWE-looking string: five base64url parts, some with plausible headers. */
const jweShape = fc.oneof(
  fc.array(base64urlText, { minLength: 5, maxLength: 5 }).map((parts) => parts.join(".")),
  fc
    .tuple(
      fc.record({
        alg: fc.constantFrom("dir", "none", "RSA-OAEP", "A256KW", "HS256", ""),
        enc: fc.constantFrom("A256CBC-HS512", "A256GCM", "A128GCM", "none", ""),
        kid: fc.option(fc.string({ maxLength: 50 }), { nil: undefined }),
        zip: fc.option(fc.constantFrom("DEF", "x"), { nil: undefined }),
      }),
      fc.array(base64urlText, { minLength: 4, maxLength: 4 }),
    )
    .map(([header, rest]) => [b64json(header), ...rest].join(".")),
  hostileText(12),
)

type Mutation = (token: string) => string
function mutations(): fc.Arbitrary<Mutation> {
  return fc.oneof(
    fc.tuple(fc.nat(), fc.constantFrom(...base64url)).map(
      ([at, char]): Mutation =>
        (t) => {
          const i = at % t.length
          return t.slice(0, i) + char + t.slice(i + 1)
        },
    ),
    fc.nat().map(
      (at): Mutation =>
        (t) =>
          t.slice(0, at % t.length),
    ),
    fc.tuple(fc.nat(), fc.string({ maxLength: 4 })).map(
      ([at, text]): Mutation =>
        (t) => {
          const i = at % t.length
          return t.slice(0, i) + text + t.slice(i)
        },
    ),
    fc.tuple(fc.nat({ max: 4 }), fc.nat({ max: 4 })).map(
      ([a, b]): Mutation =>
        (t) => {
          const parts = t.split(".")
          ;[parts[a], parts[b]] = [parts[b]!, parts[a]!]
          return parts.join(".")
        },
    ),
    fc.nat({ max: 4 }).map(
      (drop): Mutation =>
        (t) =>
          t
            .split(".")
            .filter((_, i) => i !== drop)
            .join("."),
    ),
    fc.record({ kid: fc.string({ maxLength: 20 }), enc: fc.constantFrom("A256CBC-HS512", "A256GCM") }).map(
      (header): Mutation =>
        (t) => {
          const parts = t.split(".")
          parts[0] = b64json({ alg: "dir", ...header })
          return parts.join(".")
        },
    ),
  )
}

describe("JWE properties", () => {
  it(
    "random and JWE-shaped strings never decode and never throw out of getToken",
    async () => {
      await fc.assert(
        fc.asyncProperty(jweShape, async (token) => {
          await expect(decode({ token, secret, salt }).catch(() => null)).resolves.toBeNull()
          const asBearer = new Request("http://localhost/", {
            headers: {
              authorization: `Bearer ${Buffer.from(token)
                .toString("latin1")
                .replace(/[\0\r\n]/g, "")}`,
            },
          })
          await expect(getToken({ req: asBearer, secret })).resolves.toBeNull()
        }),
        fuzzBudget(300),
      )
    },
    fuzzTimeout(),
  )

  it(
    "a mutated real token either fails or decrypts to exactly the original claims (never new ones)",
    async () => {
      const token = await encode({ token: claims, secret, salt })
      const original = await decode({ token, secret, salt })
      await fc.assert(
        fc.asyncProperty(fc.array(mutations(), { minLength: 1, maxLength: 3 }), async (steps) => {
          const mutated = steps.reduce((t, step) => step(t), token)
          let decoded: unknown = null
          try {
            decoded = await decode({ token: mutated, secret, salt })
          } catch {
            decoded = null
          }
          if (decoded !== null) expect(decoded).toEqual(original)
          const response = await Auth(
            new Request(`${base}/session`, { headers: { cookie: `${salt}=${encodeURIComponent(mutated)}` } }),
            credentialsConfig(),
          )
          expect(response.status).toBe(200)
          const session = (await response.json()) as { user?: { name?: string } } | null
          if (session !== null) expect(session.user?.name).toBe("Ada")
        }),
        fuzzBudget(200),
      )
    },
    fuzzTimeout(),
  )

  it(
    "any claims, encrypted with another secret or for another salt, never read as a session",
    async () => {
      const claimsArbitrary = fc.record(
        { sub: fc.string(), name: fc.string(), email: fc.string(), exp: fc.option(fc.integer(), { nil: undefined }) },
        { requiredKeys: [] },
      )
      await fc.assert(
        fc.asyncProperty(
          claimsArbitrary,
          fc.oneof(
            fc.constant({ secret: "another-secret-another-secret-0000", salt }),
            fc
              .constantFrom(
                "authjs.pkce.code_verifier",
                "authjs.state",
                "authjs.nonce",
                "authjs.challenge",
                "__Secure-authjs.session-token",
              )
              .map((s) => ({ secret, salt: s })),
          ),
          async (forgedClaims, key) => {
            const forged = await encode({ token: forgedClaims, ...key })
            const req = new Request("http://localhost/", { headers: { cookie: `${salt}=${forged}` } })
            expect(await getToken({ req, secret })).toBeNull()
            const response = await Auth(new Request(`${base}/session`, { headers: { cookie: `${salt}=${forged}` } }), credentialsConfig())
            expect(await response.json()).toBeNull()
          },
        ),
        fuzzBudget(60),
      )
    },
    fuzzTimeout(),
  )
})
