/** Milliseconds since the epoch of 10000-01-01T00:00:00.000Z: toISOString's four-digit years end there. */
const endOfYear9999 = 253_402_300_800_000
const dayMs = 86_400_000

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`)

/**
 * `new Date(ms).toISOString()`, computed in JavaScript: V8 formats dates in its C++ runtime, a
 * round trip that costs more than the arithmetic, and every session read formats one expiry.
 * Times from 1970 to the end of 9999 in whole milliseconds take the arithmetic (days → civil
 * date as in Howard Hinnant's `civil_from_days`); anything else is left to toISOString itself.
 */
export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= endOfYear9999) return new Date(ms).toISOString()
  const days = Math.floor(ms / dayMs)
  let rest = ms - days * dayMs
  // Days counted from 0000-03-01, in 400-year eras, so that leap days fall at the end of a year.
  const shifted = days + 719_468
  const era = Math.floor(shifted / 146_097)
  const dayOfEra = shifted - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  const hours = Math.floor(rest / 3_600_000)
  rest -= hours * 3_600_000
  const minutes = Math.floor(rest / 60_000)
  rest -= minutes * 60_000
  const seconds = Math.floor(rest / 1000)
  const millis = rest - seconds * 1000
  const paddedYear = year < 1000 ? `${year}`.padStart(4, "0") : `${year}`
  const paddedMillis = millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : `${millis}`
  return `${paddedYear}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}.${paddedMillis}Z`
}
