/**
 * An app's types as it has them: for each integration and each `moduleResolution` an app may use
 * (`node` — the classic one, `node16`, `nodenext`, `bundler`), a small app is written next to the
 * workspace's node_modules and checked by `tsc`. It imports every subpath it would have imported
 * from Auth.js, augments `Session`, `User` and `JWT` through the package's own names, reads a
 * custom provider claim without a cast (`role: profile.role ?? "user"`), and proves that the
 * augmentations took: a field no augmentation declared is an error (`@ts-expect-error`), so
 * types that silently became `any` fail the check.
 */
import { execFile } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, describe, expect, it } from "vitest"

const run = promisify(execFile)
const root = fileURLToPath(new URL("../../", import.meta.url))
const tsc = join(root, "node_modules/typescript/bin/tsc")
const workDir = join(root, ".tmp", `package-surface-types-${process.pid}`)
afterAll(() => rmSync(workDir, { recursive: true, force: true }))

const modes = ["node", "node16", "nodenext", "bundler"] as const
type Mode = (typeof modes)[number]

function compilerOptions(mode: Mode) {
  return {
    strict: true,
    noEmit: true,
    // As in the tsconfig Next, SvelteKit and Qwik generate: library .d.ts files are not re-checked.
    skipLibCheck: true,
    target: "ES2022",
    lib: ["ES2022", "DOM", "DOM.Iterable"],
    module: mode === "node16" || mode === "nodenext" ? mode : "ESNext",
    moduleResolution: mode,
    jsx: "react-jsx",
    esModuleInterop: true,
    resolveJsonModule: true,
    types: [],
  }
}

/** `import pkg from "<name>/package.json"`, spelt as each mode accepts it. */
function importPackageJson(name: string, mode: Mode) {
  return `import pkg from "${name}/package.json"${mode === "nodenext" ? ` with { type: "json" }` : ""}`
}

/** The augmentations an app writes, and code that only type-checks when they took. */
function augmentedUse(sessionModule: string, jwtModule: string) {
  return `
declare module "${sessionModule}" {
  interface Session {
    user: { role: string } & DefaultSession["user"]
  }
  interface User {
    role?: string
  }
}
declare module "${jwtModule}" {
  interface JWT {
    role?: string
  }
}

const callbacks = {
  jwt({ token, user }: { token: JWT; user?: User }) {
    if (user) token.role = user.role
    return token
  },
  session({ session, token }: { session: Session; token: JWT }) {
    session.user.role = token.role ?? "user"
    return session
  },
}

export function readRole(session: Session | null): string | undefined {
  // @ts-expect-error no augmentation declared this field: the types are real, not any
  session?.user.notDeclared
  // @ts-expect-error JWT was augmented with a string role, not a number
  const wrong: JWT = { role: 1 }
  return session?.user.role ?? String(wrong)
}

const googleWithRole = Google({
  profile(profile) {
    // A documented claim keeps its type; a custom one is readable without a cast.
    const sub: string = profile.sub
    // @ts-expect-error email_verified is documented as a boolean
    const verified: string = profile.email_verified
    return { id: sub, email: profile.email, role: profile.role ?? "user", name: String(verified) }
  },
})
`
}

const apps: Record<string, (mode: Mode) => string> = {
  "@gatehouse/next": (mode) => `
import NextAuth, { type DefaultSession, type Session, type User } from "@gatehouse/next"
import Google from "@gatehouse/next/providers/google"
import GitHub from "@gatehouse/next/providers/github"
import type { OAuthConfig } from "@gatehouse/next/providers"
import { getToken, type JWT } from "@gatehouse/next/jwt"
import type { Adapter } from "@gatehouse/next/adapters"
import { SessionProvider, useSession } from "@gatehouse/next/react"
import { signIn as passkeySignIn } from "@gatehouse/next/webauthn"
${importPackageJson("@gatehouse/next", mode)}
${augmentedUse("@gatehouse/next", "@gatehouse/next/jwt")}
export const adapter: Adapter | undefined = undefined
const github: OAuthConfig<any> = GitHub({})
export const { auth, handlers, signIn, signOut } = NextAuth({ providers: [googleWithRole, github], callbacks })
export async function page(): Promise<string> {
  const session = await auth()
  const role: string | undefined = session?.user.role
  return [role, pkg.version, typeof getToken, typeof SessionProvider, typeof useSession, typeof passkeySignIn].join()
}
`,
  // A next-auth 4 app after its imports were rewritten: v4's API, and its augmentations reach useSession too.
  "@gatehouse/next/v4": (mode) => `
import NextAuth, { type AuthOptions, type DefaultSession, getServerSession, type Session, type User } from "@gatehouse/next/v4"
import Google from "@gatehouse/next/v4/providers/google"
import GitHub from "@gatehouse/next/v4/providers/github"
import { getToken, type JWT } from "@gatehouse/next/v4/jwt"
import type { Adapter } from "@gatehouse/next/v4/adapters"
import { getServerSession as fromNext } from "@gatehouse/next/v4/next"
import withAuth from "@gatehouse/next/v4/middleware"
import { SessionProvider, useSession } from "@gatehouse/next/v4/react"
${importPackageJson("@gatehouse/next", mode)}
${augmentedUse("@gatehouse/next/v4", "@gatehouse/next/v4/jwt")}
export const adapter: Adapter | undefined = undefined
export const authOptions: AuthOptions = { providers: [googleWithRole, GitHub({ clientId: "id", clientSecret: "secret" })], callbacks }
export const handler = NextAuth(authOptions)
export async function page(): Promise<string> {
  const session = await getServerSession(authOptions)
  const role: string | undefined = session?.user.role
  return [role, pkg.version, typeof getToken, typeof fromNext, typeof withAuth, typeof SessionProvider].join()
}
export function Client(): string | undefined {
  const { data } = useSession({ required: true, onUnauthenticated: () => {} })
  return data?.user?.role
}
`,
  "@gatehouse/sveltekit": (mode) => `
import { SvelteKitAuth, type DefaultSession, type JWT, type Session, type User } from "@gatehouse/sveltekit"
import Google from "@gatehouse/sveltekit/providers/google"
import GitHub from "@gatehouse/sveltekit/providers/github"
import type { OAuthConfig } from "@gatehouse/sveltekit/providers"
import type { Adapter } from "@gatehouse/sveltekit/adapters"
import { signIn as clientSignIn } from "@gatehouse/sveltekit/client"
import { signIn as passkeySignIn } from "@gatehouse/sveltekit/webauthn"
${importPackageJson("@gatehouse/sveltekit", mode)}
${augmentedUse("@gatehouse/sveltekit", "@gatehouse/sveltekit")}
export const adapter: Adapter | undefined = undefined
const github: OAuthConfig<any> = GitHub({})
export const { handle, signIn, signOut } = SvelteKitAuth({ providers: [googleWithRole, github], callbacks })
export const used = [pkg.version, typeof clientSignIn, typeof passkeySignIn]
`,
  "@gatehouse/qwik": (mode) => `
import { QwikAuth$, type DefaultSession, type JWT, type Session, type User } from "@gatehouse/qwik"
import Google from "@gatehouse/qwik/providers/google"
import GitHub from "@gatehouse/qwik/providers/github"
import type { OAuthConfig } from "@gatehouse/qwik/providers"
import type { Adapter } from "@gatehouse/qwik/adapters"
${importPackageJson("@gatehouse/qwik", mode)}
${augmentedUse("@gatehouse/qwik", "@gatehouse/qwik")}
export const adapter: Adapter | undefined = undefined
const github: OAuthConfig<any> = GitHub({})
export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$(() => ({ providers: [googleWithRole, github], callbacks }))
export const used = [pkg.version]
`,
}

async function typeCheck(name: string, mode: Mode): Promise<string> {
  const dir = join(workDir, `${name.replace(/[@/]/g, "_")}-${mode}`)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }))
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: compilerOptions(mode), files: ["app.tsx"] }))
  writeFileSync(join(dir, "app.tsx"), apps[name]!(mode))
  try {
    await run(process.execPath, [tsc, "-p", dir], { cwd: dir })
    return ""
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    return `${stdout ?? ""}${stderr ?? ""}` || String(error)
  }
}

describe.each(Object.keys(apps))("%s", (name) => {
  it.each(modes)("type-checks under moduleResolution %s, augmentations included", { timeout: 120_000 }, async (mode) => {
    expect(await typeCheck(name, mode)).toBe("")
  })
})

describe("provider profile types", () => {
  it("every OAuth/OIDC provider's profile lets profile() read a custom claim without a cast", { timeout: 120_000 }, async () => {
    const providersDir = join(root, "packages/core/dist/providers")
    const ids = readdirSync(providersDir)
      .filter((file) => file.endsWith(".d.ts"))
      .map((file) => file.slice(0, -".d.ts".length))
      .filter((id) =>
        /export default function \w+\(.*\): (OAuthConfig|OIDCConfig)</.test(readFileSync(join(providersDir, `${id}.d.ts`), "utf8")),
      )
    expect(ids.length).toBeGreaterThan(85)
    const lines = ids.flatMap((id, index) => [
      `import P${index} from "@gatehouse/core/providers/${id}"`,
      `P${index}({ profile: (profile) => ({ id: String(profile.sub ?? profile.id), role: profile.someCustomClaim ?? "user" }) })`,
    ])
    const dir = join(workDir, "profiles")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "profiles", private: true, type: "module" }))
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: compilerOptions("bundler"), files: ["app.tsx"] }))
    writeFileSync(
      join(dir, "app.tsx"),
      // An augmentation needs its module in the program, as an app's config import brings it; the
      // provider modules' declarations no longer pull types.d.ts in by way of an import circle.
      `import type {} from "@gatehouse/core/types"\ndeclare module "@gatehouse/core/types" { interface User { role?: string } }\n${lines.join("\n")}\nexport {}\n`,
    )
    const output = await run(process.execPath, [tsc, "-p", dir], { cwd: dir }).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    expect(output).toBe("")
  })
})

describe("the check can fail", () => {
  it("a provider import that does not exist is reported under every mode", { timeout: 120_000 }, async () => {
    const dir = join(workDir, "broken")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "broken", private: true, type: "module" }))
    writeFileSync(join(dir, "app.tsx"), `import Nope from "@gatehouse/next/providers/no-such-provider"\nexport const x = Nope\n`)
    for (const mode of modes) {
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: compilerOptions(mode), files: ["app.tsx"] }))
      const output = await run(process.execPath, [tsc, "-p", dir], { cwd: dir }).then(
        () => "",
        (error: { stdout?: string }) => error.stdout ?? "",
      )
      expect(output, mode).toContain("no-such-provider")
    }
  })
})
