// The job kinds this server runs. A capability that schedules jobs adds its kinds here.
import { JobKinds } from "./kinds";
import { approvalJobKinds } from "../approvals/jobs";
import { orderJobKinds } from "../orders/flight/jobs";
import { ticketingJobKinds } from "../orders/flight/ticketing";
import { settlementJobKinds } from "../settlement/jobs";
import { hotelOrderJobKinds } from "../orders/hotel/jobs";
import { flightRefundStepJob } from "../orders/flight/refund";
import { flightChangeStepJob } from "../orders/flight/change";
import { trainOrderJobKinds } from "../orders/train/jobs";
import { trainChangeExpiryJob } from "../orders/train/change";
import { withdrawalJobKinds } from "../withdrawals/jobs";
import { rechargeJobKinds } from "../orders/recharge/jobs";
import { sourceRefundJob } from "../payments/source-refund";
import type { PayGateways } from "../payments/gateways/types";
import { einvoiceIssueJob } from "../einvoices/jobs";
import type { InvoiceIssuer } from "../einvoices/issuer/types";
import { einvoiceEmailJob } from "../einvoices/email-job";
import type { EinvoiceMailer } from "../einvoices/mail";

/** The gateways serve the job that pays QR money back to where it came from; the issuer the one that issues reimbursement documents, the mailer the one that emails them. */
export function defaultJobKinds(payGateways: PayGateways = {}, issuer: InvoiceIssuer | null = null, mailer: EinvoiceMailer | null = null): JobKinds {
  return new JobKinds().register(einvoiceIssueJob(issuer), einvoiceEmailJob(mailer), sourceRefundJob(payGateways), ...approvalJobKinds, ...orderJobKinds, ...ticketingJobKinds, ...settlementJobKinds, ...hotelOrderJobKinds, flightRefundStepJob, flightChangeStepJob, ...trainOrderJobKinds, trainChangeExpiryJob, ...withdrawalJobKinds, ...rechargeJobKinds);
}

export { createJobRunner, type JobRunner, type RunReport, type RunnerHealth } from "./runner";
export { enqueueJob } from "./queue";
export { JobKinds, defineJobKind, type JobKind } from "./kinds";
