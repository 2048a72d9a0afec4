import { existsSync } from "node:fs"
import { chromium, type Browser } from "playwright-core"
import { useSuiteResource } from "@gatehouse/test-kit/use-suite-resource"

/** Debian's Chromium: the browser builds playwright would download cannot be fetched here. */
export const CHROMIUM_PATH = "/usr/bin/chromium"

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

/** Starts headless Chromium for an end-to-end test; close it in the suite's afterAll. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium`)
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS })
}

/** Chromium for the enclosing suite: launched before its tests, closed after them. */
export function useChromium(): () => Browser {
  return useSuiteResource(launchChromium, (browser) => browser.close())
}
