import { drawRandomBytes } from "./random-pool.js"

/** `bytes` random bytes as lowercase hex. */
export function randomHex(bytes: number): string {
  let hex = ""
  for (const byte of drawRandomBytes(bytes)) hex += byte.toString(16).padStart(2, "0")
  return hex
}
