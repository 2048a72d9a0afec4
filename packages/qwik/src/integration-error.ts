/** An error raised by the integration itself, named so logs say where it came from. */
export class QwikAuthIntegrationError extends Error {
  constructor(name: string, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = name
  }
}
