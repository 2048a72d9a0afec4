import { describe, expect, it, vi } from "vitest"
import { sessionStoreContract } from "@gatehouse/test-kit/session-store-contract"
import { resolveConfig } from "../../config/resolve-config.js"
import type { SessionStore, WarningCode } from "../../types.js"
import { memorySessionStore } from "./memory-session-store.js"
import { redisSessionStore } from "./redis-session-store.js"

describe("memorySessionStore", () => {
  const store = memorySessionStore()
  sessionStoreContract(() => store)
})

describe("memorySessionStore in production", () => {
  it("is named once at start-up (session-store-per-process); redisSessionStore and development are not", () => {
    vi.stubEnv("NODE_ENV", "production")
    try {
      const warned = (store: SessionStore) => {
        const codes: WarningCode[] = []
        const logger = { warn: (code: WarningCode) => codes.push(code), error: () => {}, debug: () => {} }
        resolveConfig({ secret: "a-secret-with-more-than-32-characters-in-it", trustHost: true, providers: [], session: { store }, logger })
        return codes
      }
      expect(warned(memorySessionStore())).toContain("session-store-per-process")
      expect(warned(redisSessionStore({ sendCommand: async () => null }))).not.toContain("session-store-per-process")
      vi.stubEnv("NODE_ENV", "development")
      expect(warned(memorySessionStore())).not.toContain("session-store-per-process")
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
