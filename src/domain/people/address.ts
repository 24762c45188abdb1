// A mailing address of the member (invoices and tickets are posted to it): receiver, mobile,
// province/city/district by division code, the street detail, postcode and the default flag.
import { m, textOf, tr, trLazy, type LazyText } from "../tr";
import { z } from "zod";
import { isMobile } from "../validators";
import { zBool, zInt, zText } from "../zod";
import { divisionPath, type DivisionPath } from "./division";

export const RECEIVER_MAX = 20;
export const ADDRESS_DETAIL_MAX = 100;
/** Addresses one member may keep. */
export const ADDRESSES_MAX = 50;

const code = (message: LazyText) => {
  const error = () => textOf(message);
  return z.string({ error }).max(6, { error }).regex(/^\d{2,6}$/, { error });
};

export const addressFormSchema = z
  .object({
    id: zInt({ min: 1, max: 2_147_483_647, error: trLazy("地址编号不正确") }).optional(),
    receiver: zText({ max: RECEIVER_MAX, trim: true, label: trLazy("收件人"), typeError: trLazy("请填写收件人") }).min(1, m("请填写收件人")),
    mobilePhone: z.string({ error: trLazy("请输入正确的手机号码") }).max(11, m("请输入正确的手机号码")).refine(isMobile, m("请输入正确的手机号码")),
    provinceCode: code(trLazy("请选择所在地区")),
    cityCode: code(trLazy("请选择所在地区")),
    districtCode: code(trLazy("请选择所在地区")),
    detail: zText({ max: ADDRESS_DETAIL_MAX, trim: true, label: trLazy("详细地址"), typeError: trLazy("请填写详细地址") }).min(1, m("请填写详细地址")),
    postcode: z
      .union([z.literal(""), z.string().max(6, m("邮政编码为6位数字")).regex(/^\d{6}$/, m("邮政编码为6位数字")), z.null()], { error: trLazy("邮政编码为6位数字") })
      .optional()
      .transform((v) => v || undefined),
    isDefault: zBool(trLazy("默认地址设置不正确")).optional().default(false),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (!divisionPath(a.provinceCode, a.cityCode, a.districtCode)) ctx.addIssue({ code: "custom", path: ["districtCode"], message: tr("请选择所在地区") });
  })
  .transform((a) => ({ ...a, ...(divisionPath(a.provinceCode, a.cityCode, a.districtCode) as DivisionPath) }));
export type AddressForm = z.output<typeof addressFormSchema>;

export interface AddressRow extends DivisionPath {
  id: number;
  receiver: string;
  mobilePhone: string;
  detail: string;
  postcode: string | null;
  isDefault: 0 | 1;
  createTime: string;
  updateTime: string;
}
