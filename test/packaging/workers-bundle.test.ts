/**
 * What a Workers app pays for Gatehouse: the same small app (JWT sessions, credentials, one OIDC
 * provider, one HTTP mail API, the built-in pages) bundled as wrangler would (esbuild, minified,
 * workerd/worker/browser conditions), beside @auth/core bundled the same way. It fails when a
 * bundler warns about our package (wrangler, Vite and tsup show every warning to the app's
 * developer), when a `node:` import reaches the bundle, or when the size passes its budget.
 * Run `npm run build` first.
 */
import { hkdfSync } from "node:crypto"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { gzipSync } from "node:zlib"
import { build } from "esbuild"
import { EncryptJWT } from "jose"
import { afterAll, expect, test } from "vitest"
import { workerSource } from "./workers-app-source.mjs"

const repoRoot = resolve(import.meta.dirname, "../..")
const workDir = join(repoRoot, ".tmp", `workers-bundle-${process.pid}`)
afterAll(() => rmSync(workDir, { recursive: true, force: true }))

/**
 * Gzip KiB of the Gatehouse worker. Measured 77.7 when the brand marks moved into their providers
 * (from 109.2), 81.9 once step-up and the session records for every sign-in landed (the second
 * factor and passwords load only when configured), 84.4 with the account endpoints, 81.1 once the
 * WebAuthn routes, checks and challenge ledger moved behind the WebAuthn/Passkey providers and the
 * second factor's checks behind SecondFactor(), 72.3 once the nine page languages besides English
 * became opt-in (`pages.locales`), 68.7 without the doctor's start-up report under workerd, 64.5 once
 * back-channel logout became BackchannelLogout(), 62.8 with jose's key management trimmed to `dir`,
 * 63.0 (63.02) merged with the account links' landing page and the layered core, 62.4 once the
 * session key's id was hashed without jose's JWK thumbprint code, 62.3 with small files folded, 62.5 (62.51)
 * once a request's options became a class (0.2 KiB more code for 3.3 KB less garbage on every request), 61.8 once
 * the Node-only session JWE (crypto/direct-jwe.ts) moved into the node variant of #native-crypto,
 * 61.1 once what Node loads on first use came in statically on the edge (#loaders/*),
 * 60.6 (60.53) once the passkey form came with the WebAuthn provider, the second-factor and password pages
 * carried their own CSS, the error page computed its table and the warning sentences left the why to the docs,
 * 55.0 (54.98) once the session JWE's one construction ran on WebCrypto too, without jose's JWE decryption and
 * encryption (55.6 on its own), 54.7 (54.66) with the Entra tenant step carried by its provider, one
 * OAuth check reader and the ID token's HS* skip on oauth4webapi's refusal, 54.7 (54.64) with the key id's base64url
 * the content cipher's instead of jose's beside it, 53.7 once federated sign-out and token refresh became
 * opt-ins carrying their code (FederatedSignOut(), TokenRefresh()), 53.1 (source build) with the second factor's gate and the
 * single-use ledgers carried by the features that use them, 50.3 once session records, revocation checks and
 * the /sessions routes came with what records sessions (the shipped adapters and session stores,
 * withSessionRecords); @auth/core's is 47.1. Lower it as the bundle shrinks: the
 * goal is @auth/core's. `node bench/bundle-by-folder.mjs` shows what each source folder adds.
 */
const budgetGzipKiB = 50.4

async function bundle(packageName: "@gatehouse/core" | "@auth/core") {
  mkdirSync(workDir, { recursive: true })
  const entry = join(workDir, `${packageName.replace(/\W/g, "-")}.mjs`)
  writeFileSync(
    entry,
    workerSource((subpath) => `${packageName}${subpath}`),
  )
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    nodePaths: [join(repoRoot, "node_modules")],
    write: false,
    logLevel: "silent",
  })
  const code = result.outputFiles[0].contents
  return { warnings: result.warnings, text: result.outputFiles[0].text, gzipKiB: gzipSync(code).length / 1024 }
}

test("the Workers bundle has no bundler warning, no node: import, and stays within its size budget", async () => {
  const [gatehouse, authjs] = await Promise.all([bundle("@gatehouse/core"), bundle("@auth/core")])
  console.log(
    `Workers bundle, gzip: Gatehouse ${gatehouse.gzipKiB.toFixed(1)} KiB, @auth/core ${authjs.gzipKiB.toFixed(1)} KiB (ratio ${(gatehouse.gzipKiB / authjs.gzipKiB).toFixed(2)})`,
  )
  expect(gatehouse.warnings.map((warning) => `${warning.id}: ${warning.text} (${warning.location?.file})`)).toEqual([])
  expect(gatehouse.text).not.toMatch(/["']node:[a-z_/]+["']/)
  // Next's Edge build warns about these; they came only with jose's JWE compression, which is left out.
  expect(gatehouse.text).not.toMatch(/\b(?:De)?[cC]ompressionStream\b/)
  // Only the configured providers' brand marks are inside (Google's), not the catalogue's sixty.
  expect(gatehouse.text).not.toContain("Bitbucket")
  // Nor the passkey ceremonies (the WebAuthn provider carries them) nor SecondFactor()'s checks.
  expect(gatehouse.text).not.toContain("WebAuthn authentication response failed verification")
  expect(gatehouse.text).not.toContain("secondFactor.pendingMaxAge must be")
  // Nor the doctor's start-up report (#startup-report resolves to nothing under workerd).
  expect(gatehouse.text).not.toContain("trust-host-unpinned")
  // Nor back-channel logout (BackchannelLogout() carries it) with jose's JWS verification and remote key sets.
  expect(gatehouse.text).not.toContain("logout+jwt")
  expect(gatehouse.text).not.toContain("JWKSNoMatchingKey")
  // Nor the page languages the app did not list in \`pages.locales\` (German's sign-out button).
  expect(gatehouse.text).not.toContain("Abmelden")
  // Nor esbuild's __template helper, which a tagged template containing `</script>` brings (pages/html.ts's inlineScript).
  expect(gatehouse.text).not.toMatch(/"raw",\{value:/)
  expect(gatehouse.gzipKiB).toBeLessThanOrEqual(budgetGzipKiB)
})

// The build joins what `index.ts` loads into few chunks by having the entries only ever imported
// beside it import it too (scripts/bundle.mjs). `jwt` and `errors` must stay out of that: a
// middleware reads a token and a browser checks an error class with nothing else of the package.
test.each([
  ["jwt", `import { decode } from "@gatehouse/core/jwt"; export default decode`, 9],
  ["errors", `import { CredentialsSignin } from "@gatehouse/core/errors"; export default CredentialsSignin`, 2],
])("@gatehouse/core/%s alone bundles for a browser without the rest of the package", async (_entry, source, maxKiB) => {
  const result = await build({
    stdin: { contents: source, resolveDir: repoRoot, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    conditions: ["browser"],
    write: false,
    logLevel: "silent",
  })
  // 20.8 and 0.8 KiB when written; with the whole package joined in, both were 126 KiB. jwt: 8.3 once
  // session tokens stopped going through jose's JWE (crypto/direct-jwe.ts on WebCrypto).
  expect(result.outputFiles[0].contents.length / 1024).toBeLessThanOrEqual(maxKiB)
})

test("a session token asking for JWE compression is refused as outside the session token's one construction, not inflated", async () => {
  const { decode, encode } = await import("@gatehouse/core/jwt")
  const secret = "a-secret-of-at-least-thirty-two-characters"
  const salt = "authjs.session-token"
  const key = new Uint8Array(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64))
  const compressed = await new EncryptJWT({ sub: "ada" })
    .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", zip: "DEF" })
    .setIssuedAt()
    .setExpirationTime("1h")
    .encrypt(key)
  // The same key without compression is read: the refusal is about "zip", nothing else.
  expect(await decode({ token: await encode({ token: { sub: "ada" }, secret, salt }), secret, salt })).toMatchObject({ sub: "ada" })
  // jose's JWEInvalid, from the construction's header check (crypto/direct-jwe.ts), before any decryption or inflation.
  await expect(decode({ token: compressed, secret, salt })).rejects.toMatchObject({
    name: "JWEInvalid",
    code: "ERR_JWE_INVALID",
    message: expect.stringMatching(/"zip"/),
  })
})

test("the bundled jose keeps only the `dir` key management: a key-wrapped JWE is refused, a direct one read", async () => {
  const { jwtDecrypt, EncryptJWT: BundledEncryptJWT } = await import("@gatehouse/core/integration")
  const key = new Uint8Array(32).fill(7)
  const wrapped = await new EncryptJWT({ sub: "ada" }).setProtectedHeader({ alg: "A256KW", enc: "A256GCM" }).encrypt(key)
  await expect(jwtDecrypt(wrapped, key)).rejects.toThrow(/only "dir"/)
  const direct = await new BundledEncryptJWT({ sub: "ada" }).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).encrypt(key)
  expect((await jwtDecrypt(direct, key)).payload).toMatchObject({ sub: "ada" })
  await expect(new BundledEncryptJWT({ sub: "ada" }).setProtectedHeader({ alg: "A256KW", enc: "A256GCM" }).encrypt(key)).rejects.toThrow(
    /only "dir"/,
  )
})
