// Where the notification modules report what went wrong: the server's log once the app is built,
// nowhere before. Callers pass phones and emails masked; the log never needs them whole.
export interface NoticeLog {
  warn(fields: Record<string, unknown>, line: string): void;
  error(fields: Record<string, unknown>, line: string): void;
}

const silent: NoticeLog = { warn() {}, error() {} };
let current: NoticeLog = silent;

export function setNoticeLog(log: NoticeLog | null): void {
  current = log ?? silent;
}

export function noticeLog(): NoticeLog {
  return current;
}
