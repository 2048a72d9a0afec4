/** Cookie header → name/value map. The first occurrence of a name wins; undecodable values stay raw. */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null)
  if (!header) return cookies
  let start = 0
  while (start < header.length) {
    let end = header.indexOf(";", start)
    if (end === -1) end = header.length
    const eq = header.indexOf("=", start)
    if (eq !== -1 && eq < end) {
      const name = header.slice(start, eq).trim()
      if (name && !(name in cookies)) cookies[name] = decodeValue(header.slice(eq + 1, end).trim())
    }
    start = end + 1
  }
  return cookies
}

function decodeValue(value: string): string {
  if (value.length > 1 && value.charCodeAt(0) === 34 && value.charCodeAt(value.length - 1) === 34) {
    value = value.slice(1, -1)
  }
  if (value.indexOf("%") === -1) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
