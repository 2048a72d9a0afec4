import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, test } from "vitest"
import { runCli } from "./support/run-cli.js"

const examples = fileURLToPath(new URL("../../../examples/", import.meta.url))
const databases = mkdtempSync(join(tmpdir(), "gatehouse-doctor-examples-"))
afterAll(() => rmSync(databases, { recursive: true, force: true }))

// What each example's README asks for: a strong AUTH_SECRET (and in production AUTH_URL).
const secret = "Qm9vdHN0cmFwcGVkLXNlY3JldC1mb3ItZG9jdG9yLXRlc3Rz"
const apps = [
  { folder: "next", module: "auth.ts (next)" },
  { folder: "sveltekit", module: "src/auth.ts (sveltekit)" },
  { folder: "qwik", module: "src/routes/plugin@auth.ts (qwik)" },
]

describe.each(apps)("examples/$folder", ({ folder, module }) => {
  const env = { AUTH_SECRET: secret, DATABASE_PATH: join(databases, `${folder}.db`) }

  test("is clean in development (its conventional auth module, loaded without a build)", async () => {
    const result = await runCli(["doctor"], { cwd: join(examples, folder), env })
    expect(result.stderr).toBe("")
    expect(result.stdout).toContain(`gatehouse doctor: ${module}, development`)
    expect(result.stdout).toContain("No problems found.")
    expect(result.code).toBe(0)
  })

  test("is clean for production with AUTH_URL, and lists the OpenID provider's callback URL", async () => {
    const result = await runCli(["doctor", "--production"], {
      cwd: join(examples, folder),
      env: {
        ...env,
        AUTH_URL: "https://app.example.com",
        AUTH_DEV_IDP_ISSUER: "https://idp.example.com",
        AUTH_DEV_IDP_ID: "app",
        AUTH_DEV_IDP_SECRET: "s3cr3t",
      },
    })
    expect(result.stderr).toBe("")
    expect(result.stdout).toContain("No problems found.")
    const basePath = folder === "next" ? "/api/auth" : "/auth"
    expect(result.stdout).toContain(`https://app.example.com${basePath}/callback/dev-idp`)
    expect(result.code).toBe(0)
  })

  test("without a secret, says so and exits 1", async () => {
    const result = await runCli(["doctor"], { cwd: join(examples, folder), env: { DATABASE_PATH: env.DATABASE_PATH } })
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/error\s+secret-missing\s+No secret: AUTH_SECRET is not set/)
    expect(result.stdout).toContain("1 error(s), 0 warning(s).")
  })
})
