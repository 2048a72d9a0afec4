// Keeps `npm ci` working with this machine's registry mirror, which serves no builds of native
// packages for other platforms (darwin, win32, musl…). npm then leaves those optional packages
// out of package-lock.json, and `npm ci` rejects the lock as out of sync. This adds an entry per
// missing optional dependency, marked with its os/cpu/libc so every install skips it unfetched.
// Run after any `npm install` that changes the lock: `node scripts/lock-foreign-platforms.mjs`.
import { readFileSync, writeFileSync } from "node:fs"

const lockPath = new URL("../package-lock.json", import.meta.url)
const lock = JSON.parse(readFileSync(lockPath, "utf8"))
const packages = lock.packages

const osNames = ["darwin", "win32", "android", "freebsd", "openbsd", "openharmony", "linux", "sunos", "aix", "netbsd"]
const cpuNames = ["arm64", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "arm", "mips64el", "wasm32"]

/** `@rollup/rollup-linux-arm-musleabihf` → { os: linux, cpu: arm, libc: musl }. */
function platformOf(name) {
  const tokens = name.split("/").pop().split("-")
  const os = osNames.find((o) => tokens.includes(o))
  const cpu = cpuNames.find((c) => tokens.includes(c))
  if (!os || !cpu) return undefined
  const libc = os === "linux" ? (tokens.some((t) => t.startsWith("musl")) ? "musl" : "glibc") : undefined
  return { os, cpu, libc }
}

/** Whether `name` resolves from the package at `location`, walking up node_modules folders. */
function resolves(name, location) {
  let base = location
  for (;;) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true
    if (!base) return false
    const cut = base.lastIndexOf("/node_modules/")
    base = cut === -1 ? "" : base.slice(0, cut)
  }
}

let added = 0
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(name, location)) continue
    const platform = platformOf(name)
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue
    packages[`node_modules/${name}`] = {
      version,
      optional: true,
      os: [platform.os],
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
    }
    added++
  }
}
if (added) {
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))))
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`)
}
console.log(`lock-foreign-platforms: ${added} entr${added === 1 ? "y" : "ies"} added`)
