/**
 * Fewer, fuller rooms: a module of 20 lines or fewer in packages/core/src (providers/ aside, each
 * provider being its own published module) belongs in the module that is its only importer, or the
 * one holding the same idea. The files below are the ones that must stay apart, each with its
 * reason; a new small file fails here until it is folded into its home or listed with a reason.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative, sep } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const coreSrc = fileURLToPath(new URL("../../packages/core/src/", import.meta.url))
const smallLines = 20

/** Path under packages/core/src → why it is a file of its own. */
const keptApart: Record<string, string> = {
  "jwt.ts": "entry point `@gatehouse/core/jwt` (package.json exports)",
  "ratelimit/index.ts": "entry point `@gatehouse/core/ratelimit`",
  "sessions/stores/index.ts": "entry point `@gatehouse/core/session-stores`",
  "doctor/index.ts": "entry point `@gatehouse/core/doctor`",
  "doctor/startup-report.ts":
    "`#startup-report` under workerd, edge-light and browser: reports nothing, so a Workers bundle carries no doctor",
  "doctor/startup-report.node.ts": "`#startup-report` on Node, Deno and Bun: loads the doctor's entry point on the first config",
  "doctor/finding.ts":
    "the type every doctor check returns: diagnose-config.ts imports the checks, so neither it nor a check can hold the type without an import circle",
  "crypto/sha256-hex.ts":
    "imports native-crypto, so it cannot live in a variant of it, nor beside random-pool.ts, which native-crypto.node.ts bundles into itself",
  "handler/action-loaders.ts":
    "`#loaders/handler/action-loaders` on edge runtimes: the actions Node loads on first use, imported statically (an import() would make the app's bundler wrap them)",
  "handler/action-loaders.node.ts": "`#loaders/handler/action-loaders` on Node, Deno and Bun: each action import()ed at its first request",
  "oauth/oauth-loaders.ts": "`#loaders/oauth/oauth-loaders` on edge runtimes: discovery, imported statically",
  "oauth/oauth-loaders.node.ts": "`#loaders/oauth/oauth-loaders` on Node, Deno and Bun: so an import does not load oauth4webapi",
  "webauthn/page-script/simplewebauthn-browser-bundle.ts":
    "written whole by scripts/update-webauthn-browser-bundle.mjs: @simplewebauthn/browser's 12 KB bundle on one of its 7 lines",
}

/** Lines as `wc -l` counts them: newlines. */
const lineCount = (text: string) => text.split("\n").length - 1

function coreModules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === "providers" ? [] : coreModules(path)
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [relative(coreSrc, path).split(sep).join("/")] : []
  })
}

const smallModules = coreModules(coreSrc).filter((path) => lineCount(readFileSync(join(coreSrc, path), "utf8")) <= smallLines)

describe(`core modules of ${smallLines} lines or fewer`, () => {
  it("are only the ones kept apart for a reason", () => {
    expect(smallModules.filter((path) => !(path in keptApart))).toEqual([])
  })

  it("are at most 15 (issue 34)", () => {
    expect(smallModules.length).toBeLessThanOrEqual(13)
  })

  it("the list names only files that still are small (a grown or folded one leaves it)", () => {
    expect(Object.keys(keptApart).filter((path) => !smallModules.includes(path))).toEqual([])
  })

  it("counts lines as `wc -l` does", () => {
    expect(lineCount("a\nb\n")).toBe(2)
    expect(lineCount("a\nb")).toBe(1)
    expect(coreModules(coreSrc).length).toBeGreaterThan(250)
  })
})
