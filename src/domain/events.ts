// Exception events the portal reports to the server.
import { codeTable, type CodeTable } from "./codes";

export const EXCEPTION_EVENT_TYPE_KEYS = ["API_BUSINESS_EXCEPTION", "API_CALL_EXCEPTION", "API_TIMEOUT_EXCEPTION"] as const;
export type ExceptionEventType = (typeof EXCEPTION_EVENT_TYPE_KEYS)[number];
/** Their names: codes.exceptionEvent.<type> in the locale files. */
export const EXCEPTION_EVENT_TYPES: CodeTable<ExceptionEventType> = codeTable("exceptionEvent", EXCEPTION_EVENT_TYPE_KEYS);

/** ret values reported as API_BUSINESS_EXCEPTION. */
export const REPORTED_BUSINESS_RETS = ["500", "1030", "999999"] as const;

/** A timeout is reported with this code in place of an HTTP status. */
export const TIMEOUT_EVENT_CODE = 888;

/** Payload keys never sent in an event: secrets stay in the browser. */
export const REDACTED_PARAM_KEYS = ["loginPsw", "loginPwd", "pswd", "pswd2", "payPswd", "password12306", "code", "smsCode", "token", "accCode"] as const;

/** Stored text of param and response is cut to this many characters. */
export const EVENT_TEXT_MAX = 8000;
