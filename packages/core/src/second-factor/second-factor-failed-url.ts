/** `url` with `?error=SecondFactorFailed`: the one answer every refused second factor gets, whatever the reason. */
export function withError(url: string): string {
  const target = new URL(url)
  target.searchParams.set("error", "SecondFactorFailed")
  return target.href
}
