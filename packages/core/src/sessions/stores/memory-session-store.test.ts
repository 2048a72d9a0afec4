import { describe } from "vitest"
import { sessionStoreContract } from "@gatehouse/test-kit/session-store-contract"
import { memorySessionStore } from "./memory-session-store.js"

describe("memorySessionStore", () => {
  const store = memorySessionStore()
  sessionStoreContract(() => store)
})
