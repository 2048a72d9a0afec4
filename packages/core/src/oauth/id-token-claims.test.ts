import { UnsecuredJWT } from "jose"
import { describe, expect, it } from "vitest"
import { idTokenClaims } from "./id-token-claims.js"

describe("idTokenClaims", () => {
  it("reads a JWT's claims set", () => {
    const token = new UnsecuredJWT({ sid: "s-1", auth_time: 1700000000, name: "Åda" }).setSubject("ada").encode()
    expect(idTokenClaims(`${token}signature`)).toEqual({ sid: "s-1", auth_time: 1700000000, name: "Åda", sub: "ada" })
  })

  it("throws on anything else: a JWE, a payload that is not a JSON object, not a JWT at all", () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
    expect(() => idTokenClaims("a.b.c.d.e")).toThrow()
    expect(() => idTokenClaims(`${part({ alg: "RS256" })}.${part([1])}.sig`)).toThrow()
    expect(() => idTokenClaims(`${part({ alg: "RS256" })}.${part(1)}.sig`)).toThrow()
    expect(() => idTokenClaims(`${part({ alg: "RS256" })}.not base64!.sig`)).toThrow()
    expect(() => idTokenClaims("not a jwt")).toThrow()
  })
})
