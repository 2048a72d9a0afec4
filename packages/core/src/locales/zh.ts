/**
 * `@gatehouse/core/locales/zh` — the built-in pages and sign-in mail in Chinese (Simplified), for `pages.locales`:
 * `pages: { locales: [zh] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { Messages } from "../pages/locales/en.js"
import type { PageLocale } from "../pages/page-locale.js"

const messages: Messages = {
  "signin.title": "登录",
  "signin.heading": "登录",
  "signin.withProvider": "使用 {provider} 登录",
  "signin.email": "电子邮件",
  "signin.error.default": "无法登录。",
  "signin.error.differentAccount": "请尝试使用其他账户登录。",
  "signin.error.notLinked": "为确认您的身份，请使用您最初使用的账户登录。",
  "signin.error.emailSignin": "无法发送电子邮件。",
  "signin.error.credentials": "登录失败。请检查您填写的信息是否正确。",
  "signin.error.sessionRequired": "请登录后访问此页面。",
  "signin.error.missingCsrf": "登录表单已过期，请重试。",
  "passkey.failed": "通行密钥登录未完成，请重试。",
  "signout.title": "退出登录",
  "signout.heading": "退出登录",
  "signout.question": "确定要退出登录吗？",
  "signout.button": "退出登录",
  "error.title": "错误",
  "error.signIn": "登录",
  "error.default.heading": "错误",
  "error.default.text": "登录时出现问题。",
  "error.default.back": "返回 {host}",
  "error.Configuration.heading": "服务器错误",
  "error.Configuration.text": "服务器配置有问题。",
  "error.Configuration.hint": "请查看服务器日志以了解详情。",
  "error.AccessDenied.heading": "拒绝访问",
  "error.AccessDenied.text": "您没有登录权限。",
  "error.Verification.heading": "无法登录",
  "error.Verification.text": "登录链接已失效。",
  "error.Verification.hint": "它可能已被使用或已过期。",
  "error.RateLimited.heading": "尝试次数过多",
  "error.RateLimited.text": "登录尝试次数过多。",
  "error.RateLimited.hint": "请稍候再试。",
  "error.WebAuthnVerificationError.heading": "通行密钥未被接受",
  "error.WebAuthnVerificationError.text": "无法验证通行密钥。",
  "error.WebAuthnVerificationError.hint": "请重试，或使用其他方式登录。",
  "verify.title": "验证请求",
  "verify.heading": "请查收电子邮件",
  "verify.sent": "登录链接已发送到您的电子邮箱。",
  "verify.codeIntro": "或输入电子邮件中的验证码：",
  "verify.email": "电子邮件",
  "verify.code": "验证码",
  "verify.codeButton": "使用验证码登录",
  "verify.codeError": "验证码错误或已失效。请查看最新的电子邮件，或重新获取验证码。",
  "confirm.title": "登录",
  "confirm.heading": "登录",
  "confirm.question": "以 {email} 的身份继续登录 {host}？",
  "confirm.button": "登录",
  "mail.subject": "登录 {host}",
  "mail.button": "登录",
  "mail.code": "或在登录页面输入此验证码：",
  "mail.requestedFor": "此登录请求针对 {email}。",
  "mail.ignore": "如果您没有请求此邮件，可以放心忽略。",
  "signin.error.secondFactor": "验证码未被接受。请重新登录。",
  "secondFactor.title": "两步验证",
}

/** Chinese (Simplified) for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const zh: PageLocale = Object.freeze({ lang: "zh", messages })
export default zh
