// The local mail server and webhook receiver that approval-notify.spec.ts starts in the test
// process, one pair per half: each half's server (its SMTP_* from playwright.config.ts) sends its
// email to its own, and the spec configures the company's robot to post to its own receiver.
// The ports follow the half's server port, after both halves' servers.
export const SMTP_FROM = "notice@portal.test";
export const smtpPortFor = (serverPort: number) => serverPort + 2;
export const hookPortFor = (serverPort: number) => serverPort + 4;
