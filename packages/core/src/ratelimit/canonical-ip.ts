/**
 * The rate-limit key of a client address: one string per client, whatever the spelling.
 *
 * Keying raw address text gave every spelling its own budget (Better Auth GHSA-p6v2-xcpg-h6xw):
 * `2001:db8::1`, `2001:DB8:0:0::1` and `2001:0db8::0001` are one host, `::ffff:1.2.3.4` is
 * `1.2.3.4`, and anyone with one IPv6 address has a whole /64 to rotate through. So IPv4
 * addresses (IPv4-mapped IPv6 included) key as dotted decimal, IPv6 addresses as their /64.
 * Returns undefined for anything that is not an address.
 */
export function canonicalIp(text: string): string | undefined {
  const address = stripDecoration(text.trim())
  if (address.includes(":")) {
    const groups = parseIpv6(address)
    if (!groups) return undefined
    if (isIpv4Mapped(groups)) return ipv4FromGroups(groups[6]!, groups[7]!)
    return `${groups
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(":")}::/64`
  }
  const octets = parseIpv4(address)
  return octets ? octets.join(".") : undefined
}

/** `[v6]:port`, `[v6]`, `v4:port` and a zone id (`fe80::1%eth0`) are all the same host. */
function stripDecoration(text: string): string {
  let address = text
  if (address.startsWith("[")) {
    const close = address.indexOf("]")
    if (close === -1) return ""
    const rest = address.slice(close + 1)
    if (rest !== "" && !/^:\d{1,5}$/.test(rest)) return ""
    address = address.slice(1, close)
  } else if (/^[\d.]+:\d{1,5}$/.test(address)) {
    address = address.slice(0, address.indexOf(":"))
  }
  const zone = address.indexOf("%")
  return zone === -1 ? address : address.slice(0, zone)
}

/** Four decimal octets; leading zeros are read as decimal (`010` is 10), never octal. */
function parseIpv4(text: string): number[] | undefined {
  const parts = text.split(".")
  if (parts.length !== 4) return undefined
  const octets: number[] = []
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return undefined
    const value = Number(part)
    if (value > 255) return undefined
    octets.push(value)
  }
  return octets
}

/** Eight 16-bit groups from any RFC 4291 text form (`::` compression, trailing dotted IPv4). */
function parseIpv6(text: string): number[] | undefined {
  const halves = text.split("::")
  if (halves.length > 2) return undefined
  const head = halves[0] ? halves[0].split(":") : []
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : []
  const parts = halves.length === 2 ? [...head, ...tail] : head
  const last = parts[parts.length - 1]
  const embedded = last?.includes(".") ? parseIpv4(last) : undefined
  if (last?.includes(".") && !embedded) return undefined
  const hexParts = embedded ? parts.slice(0, -1) : parts
  const groups: number[] = []
  for (const part of hexParts) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(part)) return undefined
    groups.push(parseInt(part, 16))
  }
  if (embedded) groups.push((embedded[0]! << 8) | embedded[1]!, (embedded[2]! << 8) | embedded[3]!)
  // An embedded IPv4 may only end the address.
  if (embedded && halves.length === 2 && !halves[1]) return undefined
  if (halves.length === 1) return groups.length === 8 ? groups : undefined
  const present = groups.length
  if (present > 7) return undefined
  const headCount = head.length
  const zeros = new Array<number>(8 - present).fill(0)
  return [...groups.slice(0, headCount), ...zeros, ...groups.slice(headCount)]
}

/** `::ffff:a.b.c.d`: an IPv4 client seen through a dual-stack socket. */
function isIpv4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
}

function ipv4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".")
}
