/**
 * `@gatehouse/core/locales/ko` — the built-in pages and sign-in mail in Korean, for `pages.locales`:
 * `pages: { locales: [ko] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { Messages } from "../pages/locales/en.js"
import type { PageLocale } from "../pages/page-locale.js"

const messages: Messages = {
  "signin.title": "로그인",
  "signin.heading": "로그인",
  "signin.withProvider": "{provider}(으)로 로그인",
  "signin.email": "이메일",
  "signin.error.default": "로그인할 수 없습니다.",
  "signin.error.differentAccount": "다른 계정으로 로그인해 보세요.",
  "signin.error.notLinked": "본인 확인을 위해 처음에 사용한 계정으로 로그인하세요.",
  "signin.error.emailSignin": "이메일을 보낼 수 없습니다.",
  "signin.error.credentials": "로그인에 실패했습니다. 입력한 정보가 올바른지 확인하세요.",
  "signin.error.sessionRequired": "이 페이지에 접근하려면 로그인하세요.",
  "signin.error.missingCsrf": "로그인 양식이 만료되었습니다. 다시 시도하세요.",
  "passkey.failed": "패스키 로그인이 완료되지 않았습니다. 다시 시도하세요.",
  "signout.title": "로그아웃",
  "signout.heading": "로그아웃",
  "signout.question": "정말 로그아웃하시겠습니까?",
  "signout.button": "로그아웃",
  "error.title": "오류",
  "error.signIn": "로그인",
  "error.default.heading": "오류",
  "error.default.text": "로그인하는 동안 문제가 발생했습니다.",
  "error.default.back": "{host}(으)로 돌아가기",
  "error.Configuration.heading": "서버 오류",
  "error.Configuration.text": "서버 구성에 문제가 있습니다.",
  "error.Configuration.hint": "자세한 내용은 서버 로그를 확인하세요.",
  "error.AccessDenied.heading": "접근 거부됨",
  "error.AccessDenied.text": "로그인할 권한이 없습니다.",
  "error.Verification.heading": "로그인할 수 없음",
  "error.Verification.text": "로그인 링크가 더 이상 유효하지 않습니다.",
  "error.Verification.hint": "이미 사용되었거나 만료되었을 수 있습니다.",
  "error.RateLimited.heading": "시도 횟수 초과",
  "error.RateLimited.text": "로그인 시도가 너무 많았습니다.",
  "error.RateLimited.hint": "잠시 후 다시 시도하세요.",
  "error.WebAuthnVerificationError.heading": "패스키가 승인되지 않음",
  "error.WebAuthnVerificationError.text": "패스키를 확인할 수 없습니다.",
  "error.WebAuthnVerificationError.hint": "다시 시도하거나 다른 방법으로 로그인하세요.",
  "verify.title": "이메일 확인",
  "verify.heading": "이메일을 확인하세요",
  "verify.sent": "로그인 링크를 이메일 주소로 보냈습니다.",
  "verify.codeIntro": "또는 이메일에 있는 코드를 입력하세요:",
  "verify.email": "이메일",
  "verify.code": "코드",
  "verify.codeButton": "코드로 로그인",
  "verify.codeError": "코드가 틀렸거나 더 이상 유효하지 않습니다. 최신 이메일을 확인하거나 새 코드를 요청하세요.",
  "confirm.title": "로그인",
  "confirm.heading": "로그인",
  "confirm.question": "{email}(으)로 {host}에 계속 로그인하시겠습니까?",
  "confirm.button": "로그인",
  "mail.subject": "{host}에 로그인",
  "mail.button": "로그인",
  "mail.code": "또는 로그인 페이지에서 이 코드를 입력하세요:",
  "mail.requestedFor": "이 로그인은 {email}에 대해 요청되었습니다.",
  "mail.ignore": "이 이메일을 요청하지 않았다면 무시하셔도 됩니다.",
  "signin.error.secondFactor": "확인 코드가 승인되지 않았습니다. 다시 로그인하세요.",
  "secondFactor.title": "2단계 인증",
}

/** Korean for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const ko: PageLocale = Object.freeze({ lang: "ko", messages })
export default ko
