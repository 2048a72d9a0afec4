// A PostgreSQL and a Redis of the long multi-instance run's own, on ports of their own, so that
// restarting them mid-run disturbs nothing else on the machine (the shared servers on 5432 and
// 6379 are left alone). PostgreSQL runs from the Debian binaries; as root, through the postgres user.
import { execFileSync, spawn } from "node:child_process"
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"

function postgresBin(name) {
  const root = "/usr/lib/postgresql"
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined
  if (!version) throw new Error("PostgreSQL binaries not found under /usr/lib/postgresql")
  return join(root, version, "bin", name)
}

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
function asPostgres(tool, args) {
  const asRoot = process.getuid?.() === 0
  const [command, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", postgresBin(tool), ...args]] : [postgresBin(tool), args]
  return execFileSync(command, argv, { stdio: ["ignore", "pipe", "pipe"] }).toString()
}

/** Starts a throw-away PostgreSQL on 127.0.0.1:`port` with trust authentication. */
export async function startPrivatePostgres(port) {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-pg-"))
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString())
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString())
    chownSync(dir, uid, gid)
  }
  chmodSync(dir, 0o700)
  const data = join(dir, "data")
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`
  const start = () => asPostgres("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-o", options, "-w", "-t", "30", "start"])
  const stop = () => asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"])
  start()
  return {
    server: { host: "127.0.0.1", port, user: "postgres" },
    /** Stops the server (every connection dropped), waits `downSeconds`, starts it again. */
    async restart(downSeconds) {
      stop()
      await sleep(downSeconds * 1000)
      start()
    },
    async close() {
      try {
        stop()
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** Starts a throw-away redis-server on 127.0.0.1:`port`, without persistence (as a cache usually runs). */
export async function startPrivateRedis(port) {
  let child
  async function start() {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" })
    for (let i = 0; i < 100; i++) {
      try {
        execFileSync("redis-cli", ["-p", String(port), "ping"], { stdio: "pipe" })
        return
      } catch {
        await sleep(50)
      }
    }
    throw new Error(`redis-server did not start on port ${port}`)
  }
  async function stop() {
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once("exit", resolve))
    child.kill("SIGTERM")
    await exited
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Stops Redis (its counters and claims are lost: no persistence), waits `downSeconds`, starts it again. */
    async restart(downSeconds) {
      await stop()
      await sleep(downSeconds * 1000)
      await start()
    },
    close: stop,
  }
}
