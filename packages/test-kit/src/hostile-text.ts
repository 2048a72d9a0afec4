/**
 * fast-check generators of text an attacker would send: random strings mixed with the pieces
 * that break parsers (separators, encodings, look-alike characters, control characters).
 */
import fc from "fast-check"

/** Pieces that have broken URL, cookie, path and address parsers somewhere. */
export const hostilePieces = [
  "/",
  "//",
  "\\",
  "/\\",
  "\\\\",
  ".",
  "..",
  "%2F",
  "%2f",
  "%5C",
  "%5c",
  "%2E",
  "%252F",
  "%00",
  "%0d%0a",
  "%",
  "%E0%A4%A",
  "%C0%AF",
  "\r",
  "\n",
  "\t",
  "\u0000",
  " ",
  "\u00a0",
  "\u3000",
  "?",
  "#",
  "&",
  "=",
  ";",
  ",",
  ":",
  "@",
  "＠",
  "﹫",
  "／",
  "＼",
  "。",
  '"',
  "'",
  "<",
  ">",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  "`",
  "javascript:",
  "JaVaScRiPt:",
  "data:",
  "http:",
  "https:",
  "HTTPS://",
  "evil.example",
  "localhost",
  "localhost:3000",
  "127.0.0.1",
  "[::1]",
  "xn--",
  "ﬁ",
  "ℌ",
  "Ａ",
  "\u200b",
  "\u202e",
  "\ufeff",
  "💥",
  "__proto__",
  "constructor",
  "prototype",
  "authjs.session-token",
  "authjs.csrf-token",
  "__Host-",
  "__Secure-",
  "Bearer",
]

/** Text of any kind: full Unicode, ASCII, and runs of hostile pieces mixed together. */
export function hostileText(maxPieces = 12): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...hostilePieces) },
    { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
  )
  return fc.array(piece, { maxLength: maxPieces }).map((pieces) => pieces.join(""))
}

/** Text that can travel in an HTTP header value (Latin-1, no NUL/CR/LF), as Node hands it over. */
export function headerSafe(text: string): string {
  return (
    Buffer.from(text, "utf8")
      .toString("latin1")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing NUL is the point
      .replace(/[\u0000\r\n]/g, "")
  )
}
