import { describe, expect, it } from "vitest"
import { redactUrl, redactUrlsIn } from "./redact-url.js"

describe("redactUrl", () => {
  it("replaces the user-info, whatever it holds", () => {
    expect(redactUrl("postgres://app:hunter2@db.example.com:5432/app")).toBe("postgres://[redacted]@db.example.com:5432/app")
    expect(redactUrl("https://ghp_token@github.com/org/repo")).toBe("https://[redacted]@github.com/org/repo")
    expect(redactUrl("postgres://app:p%40ss@db/app")).toBe("postgres://[redacted]@db/app")
    // An unescaped @ in the password: the authority's last @ ends the user-info, as parsers read it.
    expect(redactUrl("postgres://app:p@ss@db/app")).toBe("postgres://[redacted]@db/app")
  })

  it("hides too much rather than part of a password no parser can read", () => {
    expect(redactUrl("postgres://app:pa/ss@db/app")).toBe("postgres://[redacted]@db/app")
    expect(redactUrl("postgres://app:pa#ss@db/app")).toBe("postgres://[redacted]@db/app")
  })

  it("replaces the values of credential parameters in the query and the fragment, keeping the rest", () => {
    expect(
      redactUrl(
        "postgres://db/app?sslmode=require&password=a&pass=b&PWD=c&sslpassword=d&ssl_key=e&api-key=f&token=g&client_secret=h&application_name=x",
      ),
    ).toBe(
      "postgres://db/app?sslmode=require&password=[redacted]&pass=[redacted]&PWD=[redacted]&sslpassword=[redacted]&ssl_key=[redacted]&api-key=[redacted]&token=[redacted]&client_secret=[redacted]&application_name=x",
    )
    expect(redactUrl("https://app.example.com/cb#access_token=a&state=s")).toBe(
      "https://app.example.com/cb#access_token=[redacted]&state=s",
    )
    expect(redactUrl("https://app.example.com/?pass%77ord=a")).toBe("https://app.example.com/?pass%77ord=[redacted]")
  })

  it("leaves a URL without credentials exactly as written", () => {
    for (const url of ["https://app.example.com/api/auth", "file:./dev.db", "dev.db", "HTTP://Example.COM:80/a?b=c#d"]) {
      expect(redactUrl(url)).toBe(url)
    }
  })

  it("redacts libpq's key=value form too", () => {
    expect(redactUrl("host=db user=app password=hunter2 dbname=app")).toBe("host=db user=app password=[redacted] dbname=app")
  })
})

describe("redactUrlsIn", () => {
  it("redacts every URL inside a message", () => {
    expect(redactUrlsIn('fetch failed for "https://u:p@idp.example.com/.well-known/openid-configuration?key=k"; retried')).toBe(
      'fetch failed for "https://[redacted]@idp.example.com/.well-known/openid-configuration?key=[redacted]"; retried',
    )
  })
})
