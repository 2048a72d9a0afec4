import { describe, expect, it } from "vitest"
import { sameOriginRedirect } from "./default-callbacks.js"

const base = "https://app.example"

describe("the default redirect callback", () => {
  it.each([
    ["/dashboard?tab=1", "https://app.example/dashboard?tab=1"],
    ["https://app.example/settings", "https://app.example/settings"],
    ["https://app.example", "https://app.example"],
  ])("keeps same-origin %s", (url, expected) => {
    expect(sameOriginRedirect(url, base)).toBe(expected)
  })

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "https://app.example//evil.example",
    "https://app.example/\\evil.example",
    "https://app.example.evil.example/",
    "https://app.example@evil.example/",
    "javascript:alert(1)",
    "data:text/html,hi",
    "http://app.example/",
    "not a url",
  ])("falls back to the site for %s", (url) => {
    expect(sameOriginRedirect(url, base)).toBe(base)
  })
})
