// Company spend reports, one pair of routes per report type: /report/<type>/detail answers the
// whole report (summary, months, departments, travellers, routes, airlines) and
// /report/<type>/excel exports one of its tables. The catalogue names only the /report/ prefix
// of these paths; the rest follows the ReportDetailed page's own type names.
// The enterprise workbench reads its spend figures here too (/member/center/companyspend).
import { say } from "../services/i18n/catalogue";
import type { Member } from "../db/schema";
import type { AppContext } from "../services/context";
import { defineRoute } from "../services/http/route";
import { defineExport } from "../exports/tasks";
import { label } from "../../src/domain/codes";
import { z } from "zod";
import { companyReport, reportScope } from "../reports/company-report";
import { spendOverview } from "../reports/spend-overview";
import { SPEND_OVERVIEW_PATH } from "../../src/domain/spend-overview";
import { REPORT_TITLES, REPORT_TYPES, reportExportSchema, reportInputSchema, reportPaths, rowOf, ZERO_SUMS, type ReportDimension, type ReportExportInput, type ReportReply, type ReportRow, type ReportType } from "../../src/domain/reports";
import { discountText, permilleText } from "../../src/domain/report-figures";
import { withReadDb } from "../services/read-db";

/** The company's administrator (70) reads the reports, as the enterprise bill. */
const ACCESS = "reports:company";
const TAGS = ["reports"];

const DIMENSION_NAMES: Record<ReportDimension, string> = {
  department: say("people.department"),
  traveller: say("routes.traveller"),
  route: say("routes.routeCity"),
  airline: say("routes.airline"),
  month: say("routes.month"),
};

type ExportRow = {
  name: string;
  orders: number;
  spendFen: number;
  share: string;
  avgSpendFen: number | null;
  discount: string;
  savingsFen: number | null;
  selfPayFen: number | null;
};

function rowsOf(report: ReportReply, dimension: ReportDimension): ReportRow[] {
  switch (dimension) {
    case "department":
      return report.byDepartment;
    case "traveller":
      return report.byTraveller;
    case "route":
      return report.byRoute;
    case "airline":
      return report.byAirline;
    case "month":
      return report.months
        .filter((m) => m.product === report.type)
        .map((m) => rowOf(m.month, m.month, { ...ZERO_SUMS, orders: m.orders, spendFen: m.spendFen }, report.summary.spendFen));
      // (A month point is the company's spend already: its travellers' own part is not in it.)
  }
}

const exportRow = (r: ReportRow): ExportRow => ({
  name: r.name,
  orders: r.orders,
  spendFen: r.spendFen,
  share: permilleText(r.sharePermille),
  avgSpendFen: r.avgSpendFen,
  discount: r.discountPermille === null ? "" : discountText(r.discountPermille),
  savingsFen: r.savingsFen,
  selfPayFen: r.selfPayFen,
});

async function reportFor(db: AppContext["db"], member: Member, type: ReportType, input: ReportExportInput) {
  const { dimension: _dimension, ...range } = input;
  return companyReport(db, await reportScope(db, member, type, range));
}

function routesOf(type: ReportType) {
  const paths = reportPaths(type);
  const title = label(REPORT_TITLES, type);
  return [
    defineRoute({
      method: "POST",
      url: paths.detail,
      summary: `${title}：企业消费与员工自付、超标订单与原因、订单数、均价、折扣、节省、提前预订天数、退改，按部门、出行人、航线、航空公司与月份汇总`,
      tags: TAGS,
      access: ACCESS,
      input: reportInputSchema,
      handler: ({ input, member, ctx }) => withReadDb(ctx, async (db) => companyReport(db, await reportScope(db, member!, type, input))),
    }),
    defineExport({
      url: paths.excel,
      summary: `导出${title}的一张汇总表（按部门、出行人、航线、航空公司或月份）`,
      tags: TAGS,
      access: ACCESS,
      input: reportExportSchema,
      kind: `report-${type}`,
      fileName: (input) => say("routes.xlsx", { title, dimension: DIMENSION_NAMES[input.dimension], startDate: input.startDate, endDate: input.endDate }),
      sheetName: title,
      columns: [
        { key: "name", header: say("routes.name"), kind: "text", width: 28 },
        { key: "orders", header: say("routes.orders"), kind: "int", width: 10 },
        { key: "spendFen", header: say("routes.spendYuan"), kind: "money", width: 16 },
        { key: "share", header: say("routes.share"), kind: "text", width: 10 },
        { key: "avgSpendFen", header: say("routes.averagePerOrderYuan"), kind: "money", width: 16 },
        { key: "discount", header: say("routes.averageDiscount"), kind: "text", width: 10 },
        { key: "savingsFen", header: say("routes.savedYuan"), kind: "money", width: 16 },
        { key: "selfPayFen", header: say("routes.paidByEmployeesYuan"), kind: "money", width: 16 },
      ],
      count: async ({ ctx, member, input }) => rowsOf(await withReadDb(ctx, (db) => reportFor(db, member, type, input)), input.dimension).length,
      totals: async ({ ctx, member, input }) => {
        const r = await withReadDb(ctx, (db) => reportFor(db, member, type, input));
        // Travellers are counted by what their tickets cost in all; the other tables by the company's spend.
        const traveller = input.dimension === "traveller";
        return { orders: r.summary.orders, spendFen: traveller ? r.summary.orderFen : r.summary.spendFen, ...(traveller ? {} : { selfPayFen: r.summary.selfPayFen }), ...(r.summary.savingsFen !== null && input.dimension !== "traveller" && input.dimension !== "month" ? { savingsFen: r.summary.savingsFen } : {}) };
      },
      rows: async function* ({ ctx, member, input }) {
        for (const r of rowsOf(await withReadDb(ctx, (db) => reportFor(db, member, type, input)), input.dimension)) yield exportRow(r);
      },
    }),
  ];
}

export const reportRoutes = [
  ...REPORT_TYPES.flatMap(routesOf),
  // The enterprise workbench's spend figures: read from the same summaries, for the same people.
  // On the primary: they carry the count of approvals waiting for the reader, who has just acted on one.
  defineRoute({
    method: "POST",
    url: SPEND_OVERVIEW_PATH,
    summary: "企业工作台消费概览：本月至今各产品企业消费与上月同期对比、超标率、消费前五的出行员工、待我审批数",
    tags: TAGS,
    access: ACCESS,
    input: z.object({}).strict(),
    handler: ({ member, ctx }) => spendOverview(ctx.db, member!),
  }),
];
