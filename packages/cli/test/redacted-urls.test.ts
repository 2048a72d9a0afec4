/**
 * Output ends up in CI logs, terminals shared on calls and pasted tickets: no URL the CLI prints may
 * carry a credential, wherever the user put it (user-info, `?password=`, `?sslpassword=`, a token).
 */
import pg from "pg"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { runCli } from "./support/run-cli.js"
import { scratchApps } from "./support/scratch-apps.js"

const credentials = ["hunter2", "s3cr3t-query", "ssl-s3cr3t", "t0ken-value", "admin:"]

function expectNoCredential(output: string) {
  for (const credential of credentials) expect(output).not.toContain(credential)
}

describe("gatehouse migrate", () => {
  const server = "postgres://postgres@127.0.0.1:5432"
  const name = `gatehouse_cli_redact_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`

  async function onMaintenance(sql: string) {
    const client = new pg.Client({ connectionString: `${server}/postgres` })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  beforeAll(() => onMaintenance(`CREATE DATABASE ${name}`))
  afterAll(() => onMaintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))

  test("a password given as ?password= (and the user-info) is not printed; the rest of the URL is", async () => {
    // The server trusts loopback, so the passwords are sent and ignored: the migration runs for real.
    const url = `postgres://postgres:hunter2@127.0.0.1:5432/${name}?password=s3cr3t-query&application_name=gatehouse-redact-test`
    const dryRun = await runCli(["migrate", "--url", url, "--dry-run"])
    expect(dryRun.code).toBe(0)
    expect(dryRun.stdout).toContain(
      `-- PostgreSQL postgres://[redacted]@127.0.0.1:5432/${name}?password=[redacted]&application_name=gatehouse-redact-test:`,
    )
    expectNoCredential(dryRun.stdout + dryRun.stderr)

    const applied = await runCli(["migrate", "--url", url])
    expect(applied.code).toBe(0)
    expect(applied.stdout).toMatch(/^PostgreSQL postgres:\/\/\[redacted\]@127\.0\.0\.1:5432\/\S+: applied migration\(s\) /)
    expectNoCredential(applied.stdout + applied.stderr)
  })

  test("a refused URL is printed without its credentials either", async () => {
    const result = await runCli(["migrate", "--url", "mysql://db.example.com/app?sslpassword=ssl-s3cr3t&pwd=hunter2&token=t0ken-value"])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'unsupported database URL "mysql://db.example.com/app?sslpassword=[redacted]&pwd=[redacted]&token=[redacted]"',
    )
    expectNoCredential(result.stderr)
  })
})

describe("gatehouse doctor", () => {
  const { app, remove } = scratchApps("doctor")
  afterAll(remove)
  const plainApp = () =>
    app("redact", {
      "auth-config.mjs": `export default { secret: "Qm9vdHN0cmFwcGVkLXNlY3JldC1mb3ItZG9jdG9yLXRlc3Rz", providers: [] }`,
    })

  test("user-info in AUTH_URL and NEXTAUTH_URL is not printed when they disagree", async () => {
    const result = await runCli(["doctor", "auth-config.mjs"], {
      cwd: plainApp(),
      env: {
        AUTH_URL: "https://admin:hunter2@app.example.com/api/auth?token=t0ken-value",
        NEXTAUTH_URL: "https://admin:s3cr3t-query@old.example.com",
      },
    })
    expect(result.stdout).toContain("url-disagree")
    expect(result.stdout).toContain("https://[redacted]@app.example.com/api/auth?token=[redacted]")
    expect(result.stdout).toContain("https://[redacted]@old.example.com/")
    expectNoCredential(result.stdout + result.stderr)
  })

  test("an AUTH_URL that is not an http(s) URL is printed without its credentials", async () => {
    const result = await runCli(["doctor", "auth-config.mjs"], {
      cwd: plainApp(),
      env: { AUTH_URL: "ftp://admin:hunter2@files.example.com/?key=t0ken-value" },
    })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain("url-invalid")
    expect(result.stdout).toContain("ftp://[redacted]@files.example.com/?key=[redacted]")
    expectNoCredential(result.stdout + result.stderr)
  })
})
