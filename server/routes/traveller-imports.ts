// Traveller imports (import_passengers, import_external_passengers): the xlsx template, a preview
// of every row with its errors, and the import of the valid rows in one transaction. Frequent
// travellers are the caller's own; external travellers the caller's company's.
import { say } from "../services/i18n/catalogue";
import { saidLazy } from "../services/i18n/text";
import { z } from "zod";
import type { Member } from "../db/schema";
import type { AppContext } from "../services/context";
import { defineRoute } from "../services/http/route";
import { companyCaller } from "../policy/company";
import { zText } from "../../src/domain/zod";
import { IMPORT_FILE_MAX } from "../../src/domain/people/import";
import { passengerFormSchema, travellerFormSchema } from "../../src/domain/people";
import { checkFile, importFile, templateXlsx } from "../people/import";
import type { Owner } from "../people/travellers";

const fileInput = z
  .object({ file: zText({ max: IMPORT_FILE_MAX, label: saidLazy("routes.file"), typeError: saidLazy("routes.uploadFile") }).regex(/^[A-Za-z0-9+/=]+$/, say("routes.fileMustXlsxBase64")) })
  .strict();

interface ImportKind {
  base: string;
  access: string;
  tag: string;
  what: string;
  fileName: string;
  schema: z.ZodType;
  ownerOf: (db: AppContext["db"], member: Member) => Promise<Owner>;
}

function importRoutes(k: ImportKind) {
  return [
    defineRoute({
      method: "POST",
      url: `${k.base}/import/template`,
      summary: `${k.what}导入模板（xlsx，base64）`,
      tags: [k.tag],
      access: k.access,
      input: z.object({}).strict(),
      handler: async () => ({ fileName: k.fileName, contentBase64: (await templateXlsx()).toString("base64") }),
    }),
    defineRoute({
      method: "POST",
      url: `${k.base}/import/preview`,
      summary: `预览${k.what}导入：逐行校验（与表单相同的规则，文件内或与已有证件号重复为错误），不写入`,
      tags: [k.tag],
      access: k.access,
      input: fileInput,
      rateLimit: { max: 30, timeWindow: 60_000 },
      handler: async ({ input, member, ctx }) => (await checkFile(ctx.db, await k.ownerOf(ctx.db, member!), k.schema, input.file)).preview,
    }),
    defineRoute({
      method: "POST",
      url: `${k.base}/import/commit`,
      summary: `导入${k.what}：在一个事务中写入全部有效行，返回导入报告`,
      tags: [k.tag],
      access: k.access,
      input: fileInput,
      rateLimit: { max: 30, timeWindow: 60_000 },
      handler: async ({ input, member, ctx }) => importFile(ctx.db, await k.ownerOf(ctx.db, member!), k.schema, input.file),
    }),
  ];
}

export const travellerImportRoutes = [
  ...importRoutes({
    base: "/new_beneficiary",
    access: "passengers:import",
    tag: "passengers",
    what: say("routes.frequentTravellers"),
    fileName: say("routes.frequentTravellerImportTemplateXlsx"),
    schema: passengerFormSchema,
    ownerOf: async (_db, member) => ({ kind: "member", id: member.id }),
  }),
  ...importRoutes({
    base: "/credit/external_passenger",
    access: "external-passengers:import",
    tag: "external-passengers",
    what: say("routes.externalTravellers"),
    fileName: say("routes.externalTravellerImportTemplateXlsx"),
    schema: travellerFormSchema,
    ownerOf: async (db, member) => ({ kind: "company", id: (await companyCaller(db, member)).companyId }),
  }),
];
