// Validation and feedback messages. The zh texts of the first block are copy.zh-CN.md verbatim
// (tests look for them); the second block is our own wording in the same register.

export type Lang = "zh" | "en";

export interface Bilingual {
  zh: string;
  en: string;
}

export const MESSAGES = {
  // copy.zh-CN.md, "Validation and feedback messages"
  mobileInvalid: { zh: "请输入正确的手机号码", en: "Please enter a correct mobile number" },
  accountRequired: { zh: "请输入账号", en: "Please enter your account" },
  accountPasswordRequired: { zh: "请输入账号密码", en: "Please enter the account password" },
  captchaRequired: { zh: "请输入验证码", en: "Please enter the verification code" },
  captchaError: { zh: "验证码错误", en: "Verification code error" },
  smsCodeRequired: { zh: "请输入短信验证码", en: "Please enter the SMS verification code" },
  passwordLength: { zh: "密码长度为6-16位", en: "The password must be 6-16 characters" },
  loginPasswordRequired: { zh: "请设置登录密码", en: "Please set a login password" },
  newPasswordRequired: { zh: "请设置新密码", en: "Please set a new password" },
  confirmPasswordRequired: { zh: "请再次确认密码", en: "Please confirm the password again" },
  passwordMismatch: { zh: "两次输入的密码不一致", en: "The two passwords do not match" },
  agreementRequired: {
    zh: "请阅读并勾选《服务协议》",
    en: "Please read and tick the Service Agreement",
  },
  smsCodeSent: { zh: "短信验证码已发送", en: "SMS verification code sent" },
  confirmOperation: { zh: "是否执行此操作！", en: "Do you want to perform this operation!" },
  confirm: { zh: "确定", en: "Confirm" },
  cancel: { zh: "取消", en: "Cancel" },
  loading: { zh: "加载中...", en: "Loading..." },
  iKnow: { zh: "我知道了", en: "I know" },
  orderPaid: { zh: "订单支付成功", en: "Order paid successfully" },
  sessionExpired: { zh: "登录已过期，请重新登录", en: "Your session has expired, please log in again" },
  // copy.zh-CN.md, login dialog label with a placeholder
  resendIn: { zh: "{n}s后重新发送", en: "Resend in {n}s" },

  // Ours: checks and the server-side payload checks.
  smsCodeFormat: { zh: "短信验证码为6位数字", en: "The SMS verification code is 6 digits" },
  passwordFormat: { zh: "密码格式不正确", en: "The password is not in a valid format" },
  landlineInvalid: { zh: "请输入正确的固定电话号码", en: "Please enter a correct landline number" },
  idCardInvalid: { zh: "请输入正确的身份证号码", en: "Please enter a correct ID card number" },
  certNoInvalid: { zh: "请输入正确的证件号码", en: "Please enter a correct certificate number" },
  bankCardInvalid: { zh: "请输入正确的银行卡号", en: "Please enter a correct bank card number" },
  moneyInvalid: {
    zh: "请输入正确的金额（大于0，最多两位小数）",
    en: "Please enter a correct amount (above 0, at most 2 decimals)",
  },
  chineseOnly: { zh: "请输入中文", en: "Please enter Chinese characters only" },
  englishOnly: { zh: "请输入英文字母", en: "Please enter English letters only" },
  dateInvalid: { zh: "请输入正确的日期", en: "Please enter a correct date" },
  intInvalid: { zh: "请输入整数", en: "Please enter a whole number" },
  invalidValue: { zh: "取值无效", en: "Invalid value" },
  required: { zh: "此项为必填项", en: "This field is required" },
  // What the account calls answer when the server gave no message of its own.
  loginFailed: { zh: "登录失败", en: "Login failed" },
  registerFailed: { zh: "注册失败", en: "Registration failed" },
  resetFailed: { zh: "重置密码失败", en: "Password reset failed" },
  passwordChangeFailed: { zh: "修改密码失败", en: "Password change failed" },
  permanentlyValid: { zh: "永久有效", en: "Permanently valid" },
} as const satisfies Record<string, Bilingual>;

export type MessageKey = keyof typeof MESSAGES;

/** The message in one language; `{name}` placeholders are filled from params. */
export function msg(key: MessageKey, lang: Lang = "zh", params?: Record<string, string | number>): string {
  const text: string = MESSAGES[key][lang];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
