import { describe, expect, it } from "vitest"
import { sha256Hex } from "../crypto/sha256-hex.js"
import { readCsrfToken } from "./csrf-token.js"

const secret = "csrf-token-unit-test-secret-0123456789"

describe("the CSRF token", () => {
  it("mints a cookie in Auth.js's format and verifies the posted token against it", async () => {
    const minted = await readCsrfToken(undefined, undefined, false, secret)
    expect(minted.cookieValue).toBe(`${minted.token}|${await sha256Hex(`${minted.token}${secret}`)}`)
    expect(await readCsrfToken(minted.cookieValue, minted.token, true, secret)).toEqual({ token: minted.token, verified: true })
  })

  it("remembers genuine cookies per secret: a cookie minted under one secret is new under another", async () => {
    const minted = await readCsrfToken(undefined, undefined, false, secret)
    const elsewhere = await readCsrfToken(minted.cookieValue, minted.token, true, `${secret}-other`)
    expect(elsewhere.verified).toBe(false)
    expect(elsewhere.token).not.toBe(minted.token)
  })

  it("accepts a genuine cookie it never saw (another instance minted it), and refuses a forged hash", async () => {
    const token = "a".repeat(64)
    const genuine = `${token}|${await sha256Hex(`${token}${secret}`)}`
    expect((await readCsrfToken(genuine, token, true, secret)).verified).toBe(true)
    const forged = `${"b".repeat(64)}|${"0".repeat(64)}`
    const result = await readCsrfToken(forged, "b".repeat(64), true, secret)
    expect(result.verified).toBe(false)
    expect(result.cookieValue).toBeDefined()
  })
})
