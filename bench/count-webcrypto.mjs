// `node bench/count-webcrypto.mjs`: how many WebCrypto and node:crypto calls one credentials
// sign-in, one first read of a session cookie and one read of a tampered cookie make, for
// Gatehouse and for @auth/core.
// crypto.subtle is wrapped with counters; so are node:crypto's functions (ES module imports of a
// built-in see the wrapped ones after syncBuiltinESMExports).
import nodeCrypto from "node:crypto"
import { syncBuiltinESMExports } from "node:module"
import { credentialsSignIn } from "./credentials-sign-in.mjs"

const counts = {}
const count =
  (name, original) =>
  (...args) => {
    counts[name] = (counts[name] ?? 0) + 1
    return original(...args)
  }
for (const name of ["digest", "importKey", "generateKey", "encrypt", "decrypt", "sign", "verify", "deriveBits", "deriveKey"]) {
  crypto.subtle[name] = count(`subtle.${name}`, crypto.subtle[name].bind(crypto.subtle))
}
crypto.getRandomValues = count("crypto.getRandomValues", crypto.getRandomValues.bind(crypto))
for (const name of [
  "createHash",
  "createHmac",
  "createCipheriv",
  "createDecipheriv",
  "hkdf",
  "hkdfSync",
  "randomBytes",
  "timingSafeEqual",
  "hash",
]) {
  if (nodeCrypto[name]) nodeCrypto[name] = count(`node:crypto.${name}`, nodeCrypto[name])
}
syncBuiltinESMExports()
const reset = () => {
  for (const k of Object.keys(counts)) delete counts[k]
}
const origin = "http://localhost:3000"

for (const pkg of ["@gatehouse/core", "@auth/core"]) {
  const { Auth } = await import(pkg)
  const { default: Credentials } = await import(`${pkg}/providers/credentials`)
  const config = {
    secret: "bench-secret-bench-secret-bench-secret-0123",
    trustHost: true,
    basePath: "/auth",
    providers: [Credentials({ credentials: {}, authorize: () => ({ id: "1", name: "Demo", email: "demo@example.test" }) })],
  }
  const signIn = () => credentialsSignIn(Auth, config, { origin })
  await signIn() // warm caches that live for the whole process (derived keys)
  reset()
  const response = await signIn()
  const signInCalls = { ...counts }
  const session = response.headers
    .getSetCookie()
    .find((c) => c.includes("session-token="))
    .split(";")[0]
  reset()
  await (await Auth(new Request(`${origin}/auth/session`, { headers: { cookie: session } }), config)).text()
  const readCalls = { ...counts }
  // The same cookie with one character of its authentication tag changed.
  const at = session.length - 20
  const tampered = session.slice(0, at) + (session[at] === "A" ? "B" : "A") + session.slice(at + 1)
  const error = console.error
  console.error = () => {}
  reset()
  await (await Auth(new Request(`${origin}/auth/session`, { headers: { cookie: tampered } }), config)).text()
  console.error = error
  const pad = " ".repeat(17)
  console.log(
    `${pkg.padEnd(16)} sign-in ${JSON.stringify(signInCalls)}\n${pad}first session read ${JSON.stringify(readCalls)}\n${pad}tampered cookie ${JSON.stringify(counts)}`,
  )
}
