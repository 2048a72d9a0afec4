import { describe, expect, it } from "vitest"
import { appRelativeUrl } from "./app-relative-url.js"

const origin = "http://127.0.0.1:3000"

describe("appRelativeUrl", () => {
  it("turns same-origin URLs into paths (soft navigation in Next)", () => {
    expect(appRelativeUrl(`${origin}/protected?tab=1#top`, origin)).toBe("/protected?tab=1#top")
  })

  it("leaves other origins alone", () => {
    expect(appRelativeUrl("https://idp.example/authorize?x=1", origin)).toBe("https://idp.example/authorize?x=1")
  })

  it("never produces a path that a browser would send to another host", () => {
    for (const path of ["//evil.example/steal", "/\\evil.example/steal", "///evil.example/steal", "/%5Cevil.example"]) {
      const result = appRelativeUrl(`${origin}${path}`, origin)
      expect(new URL(result, origin).origin).toBe(origin)
      expect(new URL(result, "http://other.example").origin).toBe("http://other.example")
    }
    expect(appRelativeUrl(`${origin}//evil.example/steal?x=1`, origin)).toBe("/evil.example/steal?x=1")
  })
})
