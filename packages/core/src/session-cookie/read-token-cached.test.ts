import { afterEach, describe, expect, it, vi } from "vitest"
import { decode } from "../jwt/decode.js"
import { encode } from "../jwt/encode.js"
import type { JWTOptions } from "../jwt/types.js"
import { cachedTokenStats, decodeTokenCached, readTokenCached } from "./read-token-cached.js"

const secret = "read-token-cached-test-secret-0123456789abcdef"
const salt = "authjs.session-token"
const jwtOptions = (s: string | string[] = secret) => ({ secret: s, maxAge: 3600, encode, decode }) as unknown as JWTOptions

afterEach(() => {
  vi.useRealTimers()
})

describe("readTokenCached", () => {
  it("hands out a fresh copy on every read, so a caller's changes never reach the next one", async () => {
    const token = await encode({ token: { sub: "copy", email: "copy@example.test", roles: ["a"] }, secret, salt })
    const first = await readTokenCached(token, jwtOptions(), salt)
    const entriesAfterMiss = cachedTokenStats().entries
    first!.email = "changed-after-miss@example.test"
    ;(first!.roles as string[]).push("injected")
    const second = await readTokenCached(token, jwtOptions(), salt)
    expect(cachedTokenStats().entries).toBe(entriesAfterMiss)
    expect(second).toMatchObject({ sub: "copy", email: "copy@example.test", roles: ["a"] })
    second!.email = "changed-after-hit@example.test"
    expect(await readTokenCached(token, jwtOptions(), salt)).toMatchObject({ email: "copy@example.test", roles: ["a"] })
  })

  it("answers a hit synchronously, with the JSON that stringifying the payload gives", async () => {
    // Integer-like keys are reordered by JSON.parse: the JSON handed out must still match the payload.
    const token = await encode({ token: { sub: "sync", zeta: 1, "7": "seven", nested: { b: 2, "1": 1 } }, secret, salt })
    const miss = await decodeTokenCached(token, jwtOptions(), salt)
    expect(miss!.json).toBe(JSON.stringify(miss!.payload))
    const hit = decodeTokenCached(token, jwtOptions(), salt)
    expect(hit).not.toBeInstanceOf(Promise)
    const read = hit as Exclude<typeof hit, Promise<unknown>>
    expect(read).not.toBeNull()
    const { payload, json } = read!
    expect(json).toBe(JSON.stringify(payload))
    expect(payload).toMatchObject({ sub: "sync", zeta: 1, "7": "seven", nested: { b: 2, "1": 1 } })
    expect(payload).not.toBe(miss!.payload)
  })

  it("decrypts a first read on Node without a promise, and refuses a forged tag synchronously", async () => {
    const token = await encode({ token: { sub: "sync-miss", email: "miss@example.test" }, secret, salt })
    const miss = decodeTokenCached(token, jwtOptions(), salt)
    expect(miss).not.toBeInstanceOf(Promise)
    const read = miss as Exclude<typeof miss, Promise<unknown>>
    expect(read).not.toBeNull()
    const { payload, json } = read!
    expect(payload).toMatchObject({ sub: "sync-miss", email: "miss@example.test" })
    expect(json).toBe(JSON.stringify(payload))
    const parts = token.split(".")
    const tag = parts[4]!
    parts[4] = (tag[0] === "A" ? "B" : "A") + tag.slice(1)
    expect(() => decodeTokenCached(parts.join("."), jwtOptions(), salt)).toThrow(/decryption/i)
  })

  it("serves an entry only for the same secret and salt", async () => {
    const token = await encode({ token: { sub: "scoped" }, secret, salt })
    expect(await readTokenCached(token, jwtOptions(), salt)).toMatchObject({ sub: "scoped" })
    await expect(readTokenCached(token, jwtOptions("another-secret-another-secret-0123456789"), salt)).rejects.toThrow()
    await expect(readTokenCached(token, jwtOptions(), "another.cookie-name")).rejects.toThrow()
  })

  it("keeps one entry per token: read under another secret, the token is decoded (and refused) afresh", async () => {
    const token = await encode({ token: { sub: "one-scope" }, secret, salt })
    const other = "another-secret-another-secret-0123456789"
    expect(await readTokenCached(token, jwtOptions([other, secret]), salt)).toMatchObject({ sub: "one-scope" })
    const { entries, size } = cachedTokenStats()
    expect(await readTokenCached(token, jwtOptions(), salt)).toMatchObject({ sub: "one-scope" })
    // The second scope replaced the first: still one entry for the token, its size the new scope's.
    expect(cachedTokenStats().entries).toBe(entries)
    expect(cachedTokenStats().size).toBe(size - `${other}\u0001`.length)
    await expect(readTokenCached(token, jwtOptions(other), salt)).rejects.toThrow()
  })

  it("never serves an entry past the token's exp", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const token = await encode({ token: { sub: "short-lived" }, secret, salt, maxAge: 5 })
    expect(await readTokenCached(token, jwtOptions(), salt)).toMatchObject({ sub: "short-lived" })
    vi.setSystemTime(Date.now() + 30_000)
    await expect(readTokenCached(token, jwtOptions(), salt)).rejects.toThrow()
  })
})
