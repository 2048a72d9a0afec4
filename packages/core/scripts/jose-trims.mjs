// What the bundled copy of jose leaves out (esbuild plugins): used by scripts/bundle.mjs, and by
// bench/bundle-by-folder.mjs so that its per-folder bytes are those of the published bundle.

// jose's JWE "zip" support (DEF: deflate through CompressionStream) is left out of the bundled copy:
// no session cookie, CSRF or state token of Gatehouse's or Auth.js's is compressed, and the stream
// classes made Next's Edge build warn that the middleware uses an API the Edge runtime lacks. A token
// that asks for "zip" is refused as jose refuses one where those classes are missing.
export const joseWithoutZip = {
  name: "jose-without-zip",
  setup(build) {
    build.onLoad({ filter: /[\\/]jose[\\/]dist[\\/]webapi[\\/]lib[\\/]deflate\.js$/ }, () => ({
      contents: `import { JOSENotSupported } from "../util/errors.js";
const refuse = () => { throw new JOSENotSupported('JWE "zip" (Compression Algorithm) Header Parameter is not supported.'); };
export function validateZip(joseHeader) { if (joseHeader.zip !== undefined) refuse(); }
export const compress = refuse;
export const decompress = refuse;`,
      loader: "js",
    }))
  },
}

// jose's JWE key management keeps only "dir" (a shared symmetric key used as is): every JWE of
// Gatehouse's — session cookies, next-auth 4 cookies through `@gatehouse/core/integration`, the second
// factor's sealed secrets — is `dir`, and each decryption lists `keyManagementAlgorithms: ["dir"]`, so
// jose refuses any other `alg` before key management runs. The key wrapping, key agreement and
// password-based algorithms were 5.7 KiB of every Workers bundle (minified). Another `alg` reaching
// it is refused with JOSENotSupported, as jose refuses an algorithm it does not implement.
export const joseDirectKeyOnly = {
  name: "jose-direct-key-only",
  setup(build) {
    build.onLoad({ filter: /[\\/]jose[\\/]dist[\\/]webapi[\\/]lib[\\/]key_management\.js$/ }, () => ({
      contents: `import { JOSENotSupported, JWEInvalid } from "../util/errors.js";
import { prepareKey } from "./key.js";
function onlyDirect(entry) {
  if (entry.mode !== "direct-encryption") throw new JOSENotSupported('JWE "alg" (Algorithm) Header Parameter value ' + entry.alg + ' is not supported: only "dir" is.');
}
export function validateMaxPBES2Count(value) {
  if (value !== void 0 && value !== 1 / 0 && (!Number.isSafeInteger(value) || value < 1))
    throw new TypeError("maxPBES2Count must be a positive safe integer or Infinity");
}
export async function decryptKeyManagement(entry, enc, key, encryptedKey) {
  onlyDirect(entry);
  if (encryptedKey !== void 0) throw new JWEInvalid("Encountered unexpected JWE Encrypted Key");
  return key;
}
export async function encryptKeyManagement(entry, enc, inputKey, joseHeader, providedCek) {
  onlyDirect(entry);
  if (providedCek !== void 0) throw new TypeError('setContentEncryptionKey cannot be called with JWE "alg" (Algorithm) Header ' + entry.alg);
  return [await prepareKey(enc, inputKey, "encrypt"), void 0, void 0];
}`,
      loader: "js",
    }))
  },
}
