// RSS of a fresh process after many GET /session lookups (distinct users), sampled as it goes.
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const child = fileURLToPath(new URL("./memory-child.mjs", import.meta.url))

/** { samples: [[lookups, rssMiB, heapMiB]…] } for `side` ("gatehouse" or "@auth/core"). */
export function rssAfterLookups(side, lookups) {
  const result = spawnSync(process.execPath, ["--expose-gc", child, side, String(lookups)], { encoding: "utf8" })
  if (result.status !== 0) throw new Error(result.stderr)
  return JSON.parse(result.stdout.trim().split("\n").pop())
}
