// Exception events the portal reports to the server.

export const EXCEPTION_EVENT_TYPES = {
  API_BUSINESS_EXCEPTION: { zh: "接口业务异常", en: "API business exception" },
  API_CALL_EXCEPTION: { zh: "接口调用异常", en: "API call exception" },
  API_TIMEOUT_EXCEPTION: { zh: "接口超时", en: "API timeout" },
} as const;

export type ExceptionEventType = keyof typeof EXCEPTION_EVENT_TYPES;
export const EXCEPTION_EVENT_TYPE_KEYS = Object.keys(EXCEPTION_EVENT_TYPES) as [ExceptionEventType, ...ExceptionEventType[]];

/** ret values reported as API_BUSINESS_EXCEPTION. */
export const REPORTED_BUSINESS_RETS = ["500", "1030", "999999"] as const;

/** A timeout is reported with this code in place of an HTTP status. */
export const TIMEOUT_EVENT_CODE = 888;

/** Payload keys never sent in an event: secrets stay in the browser. */
export const REDACTED_PARAM_KEYS = ["loginPsw", "loginPwd", "pswd", "pswd2", "payPswd", "password12306", "code", "smsCode", "token", "accCode"] as const;

/** Stored text of param and response is cut to this many characters. */
export const EVENT_TEXT_MAX = 8000;
