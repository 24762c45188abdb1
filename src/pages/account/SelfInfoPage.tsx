// /myCenter/self_info: the member's own profile — photo, name, sex, birthday, email, remark — with
// the mobile number and member type shown read-only. Saved through /account/memberUpdate.
import { useState } from "react";
import { App, Button, Card, DatePicker, Form, Input, Radio, Skeleton, Tag } from "antd";
import { useGetIdentity, useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { z } from "zod";
import dayjs, { type Dayjs } from "dayjs";
import { EMAIL_MAX, PROFILE_SCHEMAS, REAL_NAME_MAX, REMARK_MAX } from "../../domain/profile";
import { useReloadMember, withLabels, type PortalUser } from "../../providers/auth-provider";
import { domainLang } from "../../providers/i18n-provider";
import { setStoredUser } from "../../providers/session-store";
import { usePageTitle } from "../usePageTitle";
import { FormField, FormMessage, QUIET_SAVE, applyRefusal, firstErrorField, useSubmitState } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { MEMBER_PROFILE } from "../../components/account-resources";
import { PhotoUpload } from "./PhotoUpload";
import { SignedOut } from "./SignedOut";
import "./account.css";

interface ProfileValues {
  realName?: string;
  sex?: number;
  birthday?: Dayjs | null;
  email?: string;
  remark?: string;
}

const FIELDS = ["realName", "sex", "birthday", "email", "remark"] as const;

/** The server's own rule for /account/memberUpdate, applied to what the form would send. */
const profileSchema = () => z.any().transform((v: ProfileValues) => profilePayload(v)).pipe(PROFILE_SCHEMAS[domainLang()].memberUpdatePayload);

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
  const t = useTranslate();
  usePageTitle(`${t("account.selfInfoTitle")}${t("documentTitle.suffix")}`);
  const { data: user, isLoading } = useGetIdentity<PortalUser | null>();

  if (isLoading) {
    return (
      <Card title={t("account.selfInfoTitle")} className="tp-account-card">
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (!user) return <SignedOut title={t("account.selfInfoTitle")} />;
  return <ProfileCard user={user} />;
}

/** Mounted once the member is known, so the form starts from their saved profile. */
function ProfileCard({ user }: { user: PortalUser }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const {
    control, handleSubmit, reset, setError, watch, formState,
    refineCore: { onFinish, formLoading },
  } = useForm<BaseRecord, HttpError, ProfileValues>({
    resolver: schemaResolver<ProfileValues>(profileSchema, { raw: true }),
    defaultValues: valuesOf(user),
    warnWhenUnsavedChanges: false,
    // Field messages of a refusal are placed by applyRefusal, which also says what is left for the line.
    disableServerSideValidation: true,
    refineCoreProps: { resource: MEMBER_PROFILE, action: "create", ...QUIET_SAVE },
  });
  const submitState = useSubmitState(watch);
  const reloadMember = useReloadMember();
  const [photo, setPhoto] = useState<string | null>(null);

  const save = (values: ProfileValues) =>
    submitState.run(async () => {
      try {
        // The payload is the form's values as the server takes them (see profilePayload).
        const saved = await onFinish(profilePayload(values) as unknown as ProfileValues);
        if (saved) setStoredUser(withLabels(saved.data as Record<string, unknown>));
        void reloadMember();
        void message.success(t("account.profileSaved"));
        return null;
      } catch (e) {
        return applyRefusal(e, FIELDS, setError);
      }
    });

  // Only the first problem is shown, under its field.
  const first = firstErrorField(formState.errors, FIELDS);
  const field = (name: (typeof FIELDS)[number]) => ({ control, name, hideError: first !== name });
  return (
    <Card title={t("account.selfInfoTitle")} className="tp-account-card">
      <div className="tp-profile">
        <PhotoUpload
          url={photo ?? user.photo?.url}
          name={user.realName}
          onUploaded={(p) => {
            setPhoto(p.url);
            void reloadMember();
          }}
        />
        <Form layout="horizontal" labelCol={{ flex: "96px" }} wrapperCol={{ flex: 1 }} colon={false} onFinish={() => void handleSubmit(save)()} className="tp-profile__form">
          <Form.Item label={t("account.mobile")}>
            <span className="tp-readonly">{user.mobilePhone}</span>
          </Form.Item>
          <Form.Item label={t("account.memberType")}>
            <Tag color="blue">{user.memberTypeCN}</Tag>
            <span className="tp-muted">
              {t("account.validUntil")}{t("common.colon")}{user.experienceDate}
            </span>
          </Form.Item>
          <FormField {...field("realName")} label={t("account.realName")}>
            <Input placeholder={t("account.realNamePlaceholder")} maxLength={REAL_NAME_MAX} />
          </FormField>
          <FormField {...field("sex")} label={t("account.sex")}>
            <Radio.Group
              options={[
                { value: 1, label: t("account.male") },
                { value: 2, label: t("account.female") },
              ]}
            />
          </FormField>
          <FormField {...field("birthday")} label={t("account.birthday")}>
            <DatePicker placeholder={t("account.birthdayPlaceholder")} style={{ width: "100%" }} disabledDate={(d) => !d.isBefore(dayjs(), "day") || d.year() < 1900} />
          </FormField>
          <FormField {...field("email")} label={t("account.email")}>
            <Input placeholder={t("account.emailPlaceholder")} maxLength={EMAIL_MAX} inputMode="email" />
          </FormField>
          <FormField {...field("remark")} label={t("account.remark")}>
            <Input.TextArea placeholder={t("account.remarkPlaceholder")} maxLength={REMARK_MAX} showCount rows={3} />
          </FormField>
          <Form.Item label=" ">
            <FormMessage refusal={submitState.refusal} className="tp-login__error" />
            <Button type="primary" htmlType="submit" loading={formLoading}>
              {t("account.save")}
            </Button>
            <Button className="tp-ml" onClick={() => reset(valuesOf(user))}>
              {t("account.reset")}
            </Button>
          </Form.Item>
        </Form>
      </div>
    </Card>
  );
}
