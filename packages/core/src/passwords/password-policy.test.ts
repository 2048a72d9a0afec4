import { describe, expect, test } from "vitest"
import { isCommonPassword } from "./common-passwords.js"
import { checkNewPassword } from "./password-policy.js"
import { pwnedPasswordsCheck } from "./pwned-passwords-check.js"

const noServiceErrors = (error: unknown) => {
  throw error
}

describe("new-password policy", () => {
  test("8 to 128 characters by default, counted in code points after NFKC", async () => {
    expect(await checkNewPassword("7 chars", "a@b.c", {}, noServiceErrors)).toEqual({ problem: "too_short" })
    expect(await checkNewPassword("😀😀😀😀😀😀😀", "a@b.c", {}, noServiceErrors)).toEqual({ problem: "too_short" })
    expect(await checkNewPassword("8 chars!", "a@b.c", {}, noServiceErrors)).toBeUndefined()
    expect(await checkNewPassword("x".repeat(128), "a@b.c", {}, noServiceErrors)).toBeUndefined()
    expect(await checkNewPassword("x".repeat(129), "a@b.c", {}, noServiceErrors)).toEqual({ problem: "too_long" })
    expect(await checkNewPassword("long enough", "a@b.c", { minLength: 12 }, noServiceErrors)).toEqual({ problem: "too_short" })
  })

  test("the shipped list of common passwords is refused, whatever the case or the width of the characters", async () => {
    for (const common of ["password", "Password1", "12345678", "iloveyou", "QWERTYUIOP", "ｐａｓｓｗｏｒｄ", "trustno1"]) {
      expect(await checkNewPassword(common, "a@b.c", {}, noServiceErrors), common).toEqual({ problem: "common" })
    }
    expect(isCommonPassword("a rather unusual passphrase")).toBe(false)
  })

  test("the app's rule refuses with its own message, and sees the address", async () => {
    const rule = (password: string, { email }: { email: string }) => (password.includes(email.split("@")[0]) ? "Not your name" : null)
    expect(await checkNewPassword("ada-lovelace-1815", "ada@example.com", { rule }, noServiceErrors)).toEqual({
      problem: "rule",
      message: "Not your name",
    })
    expect(await checkNewPassword("babbage-engine-1837", "ada@example.com", { rule }, noServiceErrors)).toBeUndefined()
  })

  test("k-anonymity breach check: only a 5-character SHA-1 prefix leaves, the suffix is matched here", async () => {
    // SHA-1("correct horse battery staple") = ABF7AAD6438836DBE526AA231ABDE2D0EEF74D42
    const asked: string[] = []
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      asked.push(String(url))
      expect(new Headers(init?.headers).get("add-padding")).toBe("true")
      return new Response(
        "0018A45C4D1DEF81644B54AB7F969B88D65:1\r\nAD6438836DBE526AA231ABDE2D0EEF74D42:3\r\nFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF:0\r\n",
      )
    }
    const isBreached = pwnedPasswordsCheck({ fetch: fetch as typeof globalThis.fetch })
    expect(await checkNewPassword("correct horse battery staple", "a@b.c", { isBreached }, noServiceErrors)).toEqual({
      problem: "breached",
    })
    expect(asked).toEqual(["https://api.pwnedpasswords.com/range/ABF7A"])
    expect(await isBreached("a password nobody has used yet 7f3a")).toBe(false)
  })

  test("a breach service that fails lets the password through and reports the failure", async () => {
    const failures: unknown[] = []
    const isBreached = pwnedPasswordsCheck({ fetch: (async () => new Response("down", { status: 503 })) as typeof fetch })
    expect(await checkNewPassword("correct horse battery staple", "a@b.c", { isBreached }, (e) => failures.push(e))).toBeUndefined()
    expect(failures).toHaveLength(1)
  })
})
