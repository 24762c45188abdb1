// /myCenter/self_info: the member's own profile — photo, name, sex, birthday, email, remark — with
// the mobile number and member type shown read-only. Saved through /account/memberUpdate.
import { useEffect, useState } from "react";
import { App, Button, Card, DatePicker, Form, Input, Radio, Skeleton, Tag } from "antd";
import { useGetIdentity, useInvalidateAuthStore } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import dayjs, { type Dayjs } from "dayjs";
import { EMAIL_MAX, PROFILE_SCHEMAS, REAL_NAME_MAX, REMARK_MAX } from "../../domain/profile";
import { withLabels, type PortalUser } from "../../providers/auth-provider";
import { domainLang } from "../../providers/i18n-provider";
import { request } from "../../providers/request";
import { setStoredUser } from "../../providers/session-store";
import { usePageTitle } from "../usePageTitle";
import { FormMessage } from "../../components/FormField";
import { PhotoUpload } from "./PhotoUpload";
import { SignedOut } from "./SignedOut";
import { firstFieldError } from "../../domain/forms/account";
import { showFirstError } from "./form-errors";
import "./account.css";

interface ProfileValues {
  realName?: string;
  sex?: number;
  birthday?: Dayjs | null;
  email?: string;
  remark?: string;
}

const FIELDS = ["realName", "sex", "birthday", "email", "remark"] as const;

function valuesOf(user: PortalUser): ProfileValues {
  const birthday = typeof user.birthday === "string" && user.birthday ? dayjs(user.birthday) : null;
  return {
    realName: user.realName ?? "",
    sex: user.sex === 1 || user.sex === 2 ? (user.sex as number) : undefined,
    birthday: birthday?.isValid() ? birthday : null,
    email: typeof user.email === "string" ? user.email : "",
    remark: typeof user.remark === "string" ? user.remark : "",
  };
}

/** What /account/memberUpdate receives: trimmed texts, the date as YYYY-MM-DD, no unset sex. */
export function profilePayload(v: ProfileValues): Record<string, unknown> {
  return {
    realName: (v.realName ?? "").trim(),
    email: (v.email ?? "").trim(),
    ...(v.sex ? { sex: v.sex } : {}),
    birthday: v.birthday ? v.birthday.format("YYYY-MM-DD") : "",
    remark: v.remark ?? "",
  };
}

export default function SelfInfoPage() {
  const { t } = useTranslation();
  usePageTitle(`${t("account.selfInfoTitle")}${t("documentTitle.suffix")}`);
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const { data: user, isLoading } = useGetIdentity<PortalUser | null>();
  const invalidate = useInvalidateAuthStore();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);

  useEffect(() => {
    if (user) form.setFieldsValue(valuesOf(user));
  }, [user, form]);

  const save = async (values: ProfileValues) => {
    const payload = profilePayload(values);
    const first = firstFieldError(PROFILE_SCHEMAS[domainLang()].memberUpdatePayload, payload);
    // Only the first problem is shown: under its field, or above the buttons.
    const onField = first && (FIELDS as readonly string[]).includes(first.field);
    showFirstError(form, onField ? first : null);
    setError(first && !onField ? first.message : null);
    if (first) return;
    setSaving(true);
    try {
      const updated = await request<Record<string, unknown>>("/account/memberUpdate", payload, { silent: true, needLogin: true });
      setStoredUser(withLabels(updated));
      void invalidate();
      void message.success(t("account.profileSaved"));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  if (isLoading) {
    return (
      <Card title={t("account.selfInfoTitle")} className="tp-account-card">
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (!user) return <SignedOut title={t("account.selfInfoTitle")} />;

  return (
    <Card title={t("account.selfInfoTitle")} className="tp-account-card">
      <div className="tp-profile">
        <PhotoUpload
          url={photo ?? user.photo?.url}
          name={user.realName}
          onUploaded={(p) => {
            setPhoto(p.url);
            void invalidate();
          }}
        />
        <Form form={form} layout="horizontal" labelCol={{ flex: "96px" }} wrapperCol={{ flex: 1 }} colon={false} onFinish={save} onValuesChange={() => setError(null)} className="tp-profile__form">
          <Form.Item label={t("account.mobile")}>
            <span className="tp-readonly">{user.mobilePhone}</span>
          </Form.Item>
          <Form.Item label={t("account.memberType")}>
            <Tag color="blue">{user.memberTypeCN}</Tag>
            <span className="tp-muted">
              {t("account.validUntil")}：{user.experienceDate}
            </span>
          </Form.Item>
          <Form.Item label={t("account.realName")} name="realName">
            <Input placeholder={t("account.realNamePlaceholder")} maxLength={REAL_NAME_MAX} />
          </Form.Item>
          <Form.Item label={t("account.sex")} name="sex">
            <Radio.Group
              options={[
                { value: 1, label: t("account.male") },
                { value: 2, label: t("account.female") },
              ]}
            />
          </Form.Item>
          <Form.Item label={t("account.birthday")} name="birthday">
            <DatePicker placeholder={t("account.birthdayPlaceholder")} style={{ width: "100%" }} disabledDate={(d) => !d.isBefore(dayjs(), "day") || d.year() < 1900} />
          </Form.Item>
          <Form.Item label={t("account.email")} name="email">
            <Input placeholder={t("account.emailPlaceholder")} maxLength={EMAIL_MAX} inputMode="email" />
          </Form.Item>
          <Form.Item label={t("account.remark")} name="remark">
            <Input.TextArea placeholder={t("account.remarkPlaceholder")} maxLength={REMARK_MAX} showCount rows={3} />
          </Form.Item>
          <Form.Item label=" ">
            <FormMessage refusal={error} className="tp-login__error" />
            <Button type="primary" htmlType="submit" loading={saving}>
              {t("account.save")}
            </Button>
            <Button className="tp-ml" onClick={() => form.setFieldsValue(valuesOf(user))}>
              {t("account.reset")}
            </Button>
          </Form.Item>
        </Form>
      </div>
    </Card>
  );
}
