/**
 * The plain Node server in packages/core/README.md runs as printed: the block is taken from the
 * README, its types stripped by the repository's TypeScript, started with node against the built
 * @gatehouse/core, and driven over HTTP through a credentials sign-in (doc-snippets.test.ts checks
 * its types; this checks that it works). Run `npm run build` first.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { createServer } from "node:net"
import { join, resolve } from "node:path"
import ts from "typescript"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const repoRoot = resolve(import.meta.dirname, "../..")
const workDir = join(repoRoot, ".tmp", `core-readme-server-${process.pid}`)

function serverBlock(): string {
  const readme = readFileSync(join(repoRoot, "packages/core/README.md"), "utf8")
  const block = readme.match(/```ts\n(\/\/ server\.ts[^\n]*\n[\s\S]*?)```/)?.[1]
  if (!block) throw new Error("packages/core/README.md has no ```ts block starting with `// server.ts`")
  return block
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done))
  const { port } = probe.address() as { port: number }
  await new Promise((done) => probe.close(done))
  return port
}

/** A browser's cookies for one origin, enough for the sign-in flow. */
class CookieJar {
  private readonly cookies = new Map<string, string>()
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";")
      const at = pair.indexOf("=")
      const value = pair.slice(at + 1)
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, at))
      else this.cookies.set(pair.slice(0, at), value)
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ")
  }
}

describe("the plain Node server of the @gatehouse/core README", () => {
  let server: ChildProcess
  let origin: string

  beforeAll(async () => {
    mkdirSync(workDir, { recursive: true })
    const { outputText } = ts.transpileModule(serverBlock(), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    })
    writeFileSync(join(workDir, "server.mjs"), outputText)
    const port = await freePort()
    origin = `http://localhost:${port}`
    server = spawn(process.execPath, ["server.mjs"], {
      cwd: workDir,
      env: { ...process.env, PORT: String(port), AUTH_SECRET: randomBytes(33).toString("base64") },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`the server did not start:\n${output}`)), 20_000)
      const read = (chunk: Buffer) => {
        output += chunk
        if (output.includes(`${origin}/auth/signin`)) {
          clearTimeout(timer)
          ready()
        }
      }
      server.stdout!.on("data", read)
      server.stderr!.on("data", read)
      server.once("exit", (code) => fail(new Error(`the server exited (${code}):\n${output}`)))
    })
  }, 30_000)

  afterAll(() => {
    server?.kill()
    rmSync(workDir, { recursive: true, force: true })
  })

  async function signIn(jar: CookieJar, password: string): Promise<Response> {
    const csrf = await fetch(`${origin}/auth/csrf`, { headers: { cookie: jar.header() } })
    jar.store(csrf)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const response = await fetch(`${origin}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.header(), origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "demo", password, callbackUrl: `${origin}/` }),
    })
    jar.store(response)
    return response
  }

  it("shows the built-in sign-in page, with its form posting to the server's own origin and every cookie it sets", async () => {
    const page = await fetch(`${origin}/auth/signin`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`action="${origin}/auth/callback/credentials"`)
    // Two Set-Cookie headers: a server passing on one joined header, or only the last, loses one.
    expect(page.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual(["authjs.csrf-token", "authjs.callback-url"])
  })

  it("builds its URLs on its own origin whatever host or request target a request names", async () => {
    for (const [target, host] of [
      ["/auth/signin", "evil.example"],
      ["http://evil.example/auth/signin", "evil.example"],
      ["//evil.example/auth/signin", "localhost"],
    ]) {
      const body = await new Promise<string>((done, fail) => {
        const { port } = new URL(origin)
        request({ host: "127.0.0.1", port, path: target, headers: { host } }, (response) => {
          let text = ""
          response.on("data", (chunk) => (text += chunk))
          response.on("end", () => done(text))
        })
          .on("error", fail)
          .end()
      })
      expect(body, `${target} with Host ${host}`).not.toContain("evil.example")
    }
  })

  it("signs the demo user in and the home page shows them; a wrong password is refused", async () => {
    const signedOut = new CookieJar()
    expect(await (await fetch(`${origin}/`)).text()).toContain(`<a href="/auth/signin">Sign in</a>`)

    const refused = await signIn(signedOut, "wrong")
    expect(refused.status).toBe(302)
    expect(refused.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=credentials`)
    expect(await (await fetch(`${origin}/`, { headers: { cookie: signedOut.header() } })).text()).not.toContain("Signed in")

    const jar = new CookieJar()
    const accepted = await signIn(jar, "demo")
    expect(accepted.status).toBe(302)
    expect(accepted.headers.get("location")).toBe(`${origin}/`)
    expect(jar.header()).toMatch(/authjs\.session-token=/)
    expect(await (await fetch(`${origin}/`, { headers: { cookie: jar.header() } })).text()).toContain("Signed in as Demo User.")
  })
})
