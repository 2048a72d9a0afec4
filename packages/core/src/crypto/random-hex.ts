/** `bytes` random bytes as lowercase hex. */
export function randomHex(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes))
  let hex = ""
  for (const byte of buffer) hex += byte.toString(16).padStart(2, "0")
  return hex
}
