import type { InternalOptions } from "../providers/types.js"
import { noStoreHeaders } from "../http/session-chunks.js"
import type { ResponseInternal } from "../types.js"
import { secondFactorPageUrl } from "./second-factor-due.js"

/** How a second-factor request wants its answer: JSON (`Accept: application/json`, no HTML), or pages. */
export interface Answering {
  json: boolean
}

export function answeringOf(headers: Headers): Answering {
  const accept = (headers.get("accept") ?? "").toLowerCase()
  return { json: accept.includes("application/json") && !accept.includes("text/html") }
}

/**
 * A JSON answer, or, for a page's form, the way back to the second-factor page (an error as
 * `?error=`): every answer is private and never stored.
 */
export function answer(
  answering: Answering,
  options: InternalOptions,
  result: { status?: number; error?: string; body?: Record<string, unknown> },
): ResponseInternal {
  if (answering.json) {
    const body = result.error ? { error: result.error } : (result.body ?? { ok: true })
    return { status: result.status ?? 200, headers: { ...noStoreHeaders, "Content-Type": "application/json" }, body }
  }
  const page = new URL(secondFactorPageUrl(options))
  if (result.error) page.searchParams.set("error", result.error)
  return { redirect: page.href, headers: { "Cache-Control": "no-store" } }
}
