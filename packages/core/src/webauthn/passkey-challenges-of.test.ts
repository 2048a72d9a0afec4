import { describe, expect, it } from "vitest"
import Passkey from "../providers/passkey.js"
import { passkeyChallengesOf } from "./passkey-challenges-of.js"

describe("passkeyChallengesOf", () => {
  it("is the WebAuthn provider's ledger: each issued challenge is claimed once", async () => {
    const ledger = passkeyChallengesOf([{ type: "oidc" }, Passkey()], undefined, undefined)
    expect(ledger.scope).toBe("process")
    const challenge = `challenge-${crypto.randomUUID()}`
    await ledger.issue(challenge)
    expect(await ledger.claim(challenge)).toBe(true)
    expect(await ledger.claim(challenge)).toBe(false)
  })

  it("without a WebAuthn provider accepts no challenge at all (fails closed)", async () => {
    const ledger = passkeyChallengesOf([{ type: "oidc" }], undefined, undefined)
    const challenge = `challenge-${crypto.randomUUID()}`
    await ledger.issue(challenge)
    expect(await ledger.claim(challenge)).toBe(false)
  })
})
