import type { BrowserContext, CDPSession, Page } from "playwright-core"

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

/** A page of a passkey-capable device, and what drives its authenticator. */
export interface PasskeyPage {
  page: Page
  cdp: CDPSession
  authenticatorId: string
}

/**
 * A new page in `context` with WebAuthn on and one virtual passkey authenticator (addPasskeyAuthenticator),
 * recording into `trace` what the page did (console, errors, responses): a test prints it when it fails.
 */
export async function openPasskeyPage(context: BrowserContext, trace: string[]): Promise<PasskeyPage> {
  const page = await context.newPage()
  page.on("console", (message) => trace.push(`console.${message.type()}: ${message.text()}`))
  page.on("pageerror", (error) => trace.push(`page error: ${error.message}`))
  page.on("response", (response) => trace.push(`${response.status()} ${response.request().method()} ${response.url()}`))
  const cdp = await context.newCDPSession(page)
  await cdp.send("WebAuthn.enable", { enableUI: false })
  return { page, cdp, authenticatorId: await addPasskeyAuthenticator(cdp) }
}
