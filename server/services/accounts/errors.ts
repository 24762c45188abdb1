// Business failures of the account calls: one ret per kind so the portal can react (e.g. switch
// to the login form on PHONE_REGISTERED), each with a plain Chinese message.
import { BizError, RET } from "../http/envelope";

export const ACCOUNT_RET = {
  SMS_WAIT: RET.TOO_MANY,
  SMS_MISSING: 1101,
  SMS_WRONG: 1102,
  SMS_EXPIRED: 1103,
  SMS_DEAD: 1104,
  SMS_USED: 1105,
  LOGIN_FAILED: 1201,
  LOGIN_LOCKED: 1202,
  ACCOUNT_DISABLED: 1203,
  OLD_PASSWORD_WRONG: 1204,
  SAME_PASSWORD: 1205,
  CAPTCHA_REQUIRED: 1206,
  CAPTCHA_WRONG: 1207,
  PAY_PASSWORD_WRONG: 1208,
  PAY_PASSWORD_LOCKED: 1209,
  PAY_PASSWORD_UNSET: 1210,
  REGISTER_TOO_OFTEN: 1305,
  PHONE_REGISTERED: 1301,
  PHONE_UNKNOWN: 1302,
  REFERRER_UNKNOWN: 1303,
  NOT_OWN_PHONE: 1304,
  PARTNER_UNKNOWN: 1401,
  SIGN_INVALID: 1402,
  SIGN_EXPIRED: 1403,
  SIGN_FUTURE: 1404,
  SIGN_REPLAYED: 1405,
  PARTNER_NO_MEMBER: 1406,
  FILE_NOT_FOUND: 1501,
  PHOTO_MISMATCH: 1502,
} as const;

export const ACCOUNT_MSG = {
  smsSent: "短信验证码已发送",
  // Login and reset codes: the same words whether or not the phone is registered.
  smsSentIfRegistered: "若该手机号已注册，验证码已发送",
  registerTooOften: "注册操作过于频繁，请稍后再试",
  smsMissing: "请先获取短信验证码",
  smsExpired: "短信验证码已过期，请重新获取",
  smsUsed: "短信验证码已使用，请重新获取",
  smsDead: "验证码错误次数过多，该验证码已失效，请重新获取",
  captchaRequired: "请输入验证码",
  captchaWrong: "验证码错误",
  phoneRegistered: "该手机号已注册，请直接登录",
  phoneUnknown: "该手机号尚未注册",
  referrerUnknown: "推荐人不存在，请核对推荐人手机号",
  disabled: "该账号已被禁用，请联系客服",
  oldPasswordWrong: "原密码错误",
  samePassword: "新密码不能与原密码相同",
  notOwnPhone: "只能向本人绑定的手机号发送该验证码",
  partnerUnknown: "未知的合作方应用（appId），请从合作方重新进入",
  signInvalid: "签名校验失败，请从合作方重新进入",
  signExpired: "签名已过期，请从合作方重新进入",
  signFuture: "签名时间无效，请检查设备时间后重试",
  signReplayed: "该签名已使用，请从合作方重新进入",
  partnerNoMember: "合作方账号尚未开通，请联系客服",
  fileNotFound: "文件不存在",
  photoMismatch: "图片内容与所选格式不符",
} as const;

export const smsWrongMsg = (left: number) => `短信验证码错误，还可尝试${left}次`;
export const smsWaitMsg = (seconds: number) => `验证码发送过于频繁，请${seconds}秒后再试`;
export const loginFailedMsg = (left: number) => `账号或密码错误，还可尝试${left}次`;
export const loginLockedMsg = (minutes: number) => `密码错误次数过多，请${minutes}分钟后再试`;

export function accountError(ret: number, msg: string, data: unknown = null): BizError {
  return new BizError(ret, msg, data);
}
