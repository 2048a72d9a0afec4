import { describe, expect, it } from "vitest"
import { perFetchCache } from "./per-fetch-cache.js"

const appleFetch: typeof fetch = (input, init) => fetch(input, init)
const entraFetch: typeof fetch = (input, init) => fetch(input, init)

describe("perFetchCache", () => {
  it("keeps a URL's value apart for the default fetch and for each provider's own", () => {
    const cache = perFetchCache<string>(8)
    cache.set(undefined, "https://idp.example/jwks", "default")
    cache.set(appleFetch, "https://idp.example/jwks", "apple")
    expect(cache.get(undefined, "https://idp.example/jwks")).toBe("default")
    expect(cache.get(appleFetch, "https://idp.example/jwks")).toBe("apple")
    expect(cache.get(entraFetch, "https://idp.example/jwks")).toBeUndefined()
  })

  it("past its bound, lets the oldest URL go first; setting a URL again makes it the newest", () => {
    const cache = perFetchCache<number>(2)
    cache.set(undefined, "a", 1)
    cache.set(undefined, "b", 2)
    cache.set(undefined, "a", 3)
    cache.set(undefined, "c", 4)
    expect([cache.get(undefined, "a"), cache.get(undefined, "b"), cache.get(undefined, "c")]).toEqual([3, undefined, 4])
    // The bound is per fetch: another fetch's entries do not push these out.
    cache.set(appleFetch, "d", 5)
    expect(cache.get(undefined, "a")).toBe(3)
  })

  it("forgets a URL only while it holds the value given", () => {
    const cache = perFetchCache<object>(4)
    const failed = {}
    const newer = {}
    cache.set(undefined, "a", failed)
    cache.set(undefined, "a", newer)
    cache.forget(undefined, "a", failed)
    expect(cache.get(undefined, "a")).toBe(newer)
    cache.forget(undefined, "a", newer)
    expect(cache.get(undefined, "a")).toBeUndefined()
  })
})
