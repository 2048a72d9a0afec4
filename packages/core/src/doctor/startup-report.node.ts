/**
 * The start-up report for Node, Deno and Bun (package.json `#startup-report`): the doctor's, from
 * its public entry, so the built package holds its checks once. Edge runtimes load
 * `startup-report.ts` instead (see there why).
 */
export { reportConfigAtStartup } from "./index.js"
