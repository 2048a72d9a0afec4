import { describe, expect, it } from "vitest"
import type { CookieOption } from "../shared-types.js"
import { serializeCookie } from "./to-response.js"
import { chunkSize, clearSessionCookie, expiredCookie, readSessionCookie, writeSessionCookie } from "./session-chunks.js"

const name = "authjs.session-token"
const cookie: CookieOption = { name, options: { httpOnly: true, sameSite: "lax", path: "/", secure: false } }
const expires = new Date("2030-01-01T00:00:00Z")

function written(sent: Record<string, string>, value: string) {
  return writeSessionCookie(sent, cookie, value, expires)
}

describe("writeSessionCookie", () => {
  it("uses Auth.js's chunk size: 4096 - 160", () => {
    expect(chunkSize).toBe(3936)
  })

  it("keeps a value of exactly the chunk size in one plain cookie", () => {
    const cookies = written({}, "a".repeat(chunkSize))
    expect(cookies.map((c) => c.name)).toEqual([name])
    expect(cookies[0].options.expires).toEqual(expires)
  })

  it("splits one character more into .0 and .1", () => {
    const cookies = written({}, "a".repeat(chunkSize) + "b")
    expect(cookies.map((c) => [c.name, c.value.length])).toEqual([
      [`${name}.0`, chunkSize],
      [`${name}.1`, 1],
    ])
  })

  it("splits into ceil(length / chunk size) pieces that join back to the value", () => {
    const value = Array.from({ length: 3 * chunkSize + 17 }, (_, i) => String.fromCharCode(97 + (i % 26))).join("")
    const cookies = written({}, value)
    expect(cookies).toHaveLength(4)
    expect(cookies.map((c) => c.value).join("")).toBe(value)
  })

  it("deletes the plain cookie when switching to chunks", () => {
    const cookies = written({ [name]: "old" }, "a".repeat(chunkSize + 1))
    const deletion = cookies.find((c) => c.name === name)!
    expect(deletion.value).toBe("")
    expect(deletion.options.maxAge).toBe(0)
  })

  it("deletes stale chunks when switching back to one cookie or to fewer chunks", () => {
    const sent = { [`${name}.0`]: "x", [`${name}.1`]: "y", [`${name}.2`]: "z", other: "keep" }
    const single = written(sent, "short")
    expect(
      single
        .filter((c) => c.options.maxAge === 0)
        .map((c) => c.name)
        .sort(),
    ).toEqual([`${name}.0`, `${name}.1`, `${name}.2`])
    const two = written(sent, "a".repeat(chunkSize + 1))
    expect(two.filter((c) => c.options.maxAge === 0).map((c) => c.name)).toEqual([`${name}.2`])
    expect(two.some((c) => c.name === "other")).toBe(false)
  })

  it("does not delete cookies whose names merely start with the session cookie's", () => {
    const cookies = written({ [`${name}-other`]: "keep" }, "short")
    expect(cookies.map((c) => c.name)).toEqual([name])
  })
})

describe("readSessionCookie", () => {
  it("reads the plain cookie", () => {
    expect(readSessionCookie({ [name]: "value" }, name)).toBe("value")
  })

  it("joins chunks in numeric order (2 before 10)", () => {
    const sent: Record<string, string> = {}
    for (let i = 11; i >= 0; i--) sent[`${name}.${i}`] = `<${i}>`
    expect(readSessionCookie(sent, name)).toBe(Array.from({ length: 12 }, (_, i) => `<${i}>`).join(""))
  })

  it("skips empty chunks and names that are not chunks", () => {
    expect(readSessionCookie({ [`${name}.0`]: "a", [`${name}.1`]: "", [`${name}.x`]: "evil", [`${name}.2`]: "c" }, name)).toBe("ac")
  })

  it("answers undefined when there is no session cookie", () => {
    expect(readSessionCookie({ other: "x", [name]: "" }, name)).toBeUndefined()
  })

  it("round-trips what writeSessionCookie writes", () => {
    const value = "v".repeat(2 * chunkSize + 5)
    const sent = Object.fromEntries(written({}, value).map((c) => [c.name, c.value]))
    expect(readSessionCookie(sent, name)).toBe(value)
  })
})

describe("clearSessionCookie and expiredCookie", () => {
  it("always deletes the plain name, plus every chunk that was sent", () => {
    expect(clearSessionCookie({}, cookie).map((c) => c.name)).toEqual([name])
    const cleared = clearSessionCookie({ [`${name}.0`]: "a", [`${name}.1`]: "b" }, cookie)
    expect(cleared.map((c) => c.name).sort()).toEqual([name, `${name}.0`, `${name}.1`])
    for (const c of cleared) expect(serializeCookie(c)).toMatch(/=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/)
  })

  it("drops an Expires in favour of Max-Age=0 and keeps the scope attributes", () => {
    const scoped: CookieOption = { name, options: { ...cookie.options, domain: "example.test", secure: true, expires } }
    expect(serializeCookie(expiredCookie(scoped))).toBe(`${name}=; Max-Age=0; Domain=example.test; Path=/; HttpOnly; Secure; SameSite=Lax`)
  })
})

describe("serializeCookie", () => {
  it("encodes the value and writes attributes in the cookie library's order", () => {
    const header = serializeCookie({ name, value: "a|b c", options: { ...cookie.options, expires, maxAge: 60.9 } })
    expect(header).toBe(`${name}=a%7Cb%20c; Max-Age=60; Path=/; Expires=Tue, 01 Jan 2030 00:00:00 GMT; HttpOnly; SameSite=Lax`)
  })

  it("refuses a name that would break the header", () => {
    expect(() => serializeCookie({ name: "a;b", value: "", options: {} })).toThrow(TypeError)
    expect(() => serializeCookie({ name: "a\r\nb", value: "", options: {} })).toThrow(TypeError)
  })
})
