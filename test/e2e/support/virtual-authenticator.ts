import type { CDPSession } from "playwright-core"

/**
 * Adds a virtual platform authenticator as a passkey-capable device has one (CTAP2, resident keys,
 * user verification that succeeds, presence answered without a prompt) to the page behind `cdp`, on
 * which `WebAuthn.enable` was sent. Returns its id for the other `WebAuthn.*` commands.
 */
export async function addPasskeyAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return authenticatorId
}
