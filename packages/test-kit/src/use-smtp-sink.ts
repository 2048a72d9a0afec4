import { type SmtpSink, startSmtpSink } from "./smtp-sink.js"
import { useSuiteResource } from "./use-suite-resource.js"

/** An SMTP sink for the enclosing suite: started before its tests, closed after them. */
export function useSmtpSink(): () => SmtpSink {
  return useSuiteResource(startSmtpSink, (sink) => sink.close())
}
