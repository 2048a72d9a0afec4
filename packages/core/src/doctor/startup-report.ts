import type { AuthConfig } from "../types.js"

/**
 * The start-up report under `workerd`, `edge-light` and `browser` (package.json `#startup-report`):
 * nothing. The doctor's checks were a tenth of a Workers bundle, and an edge worker rarely has a
 * console to print them to at start-up (without a process environment the report stayed quiet
 * anyway). What still matters in production there is checked without it: a broken config fails every
 * request closed with its logged error, and the per-process warnings (`short-secret`,
 * `token-refresh-per-process`, `rate-limit-without-client-ip`…) are logged by the config's
 * resolution. `npx @gatehouse/cli doctor` prints the full report for any app, the edge's included.
 * Node, Deno and Bun load `startup-report.node.ts`: the doctor's report.
 */
export function reportConfigAtStartup(_config: AuthConfig, _env: Record<string, string | undefined>): void {}
