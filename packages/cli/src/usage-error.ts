/** A mistake in how the command was called or in what it was pointed at: printed as one line. */
export class UsageError extends Error {
  override name = "UsageError"
}
