// The traveller form's fields, shared by frequent and external travellers: names, contact,
// birthday and sex (filled from a mainland ID number and then locked to it), the age band the
// traveller books in, and the certificates (several, one per type; passports with country and
// expiry).
import { useEffect } from "react";
import { Button, Card, Col, Form, Input, Radio, Row, Select, Switch, Tag } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useFieldArray, useFormState, useWatch, type UseFormReturn } from "react-hook-form";
import dayjs from "dayjs";
import { CERT_TYPE, CERT_TYPE_CODES, CERT_TYPES, PASSENGER_TYPES } from "../../domain/codes";
import {
  CERT_NO_MAX, CERTIFICATES_MAX, CHINESE_NAME_MAX, COUNTRY_MAX, ENGLISH_NAME_MAX, TRAVELLER_REMARK_MAX,
  idCardFacts, normaliseCertNo, passengerTypeOf,
} from "../../domain/people";
import { FormField } from "../../components/FormField";
import { DateInput, dayOf } from "../../components/DateInput";
import { newCertificate, type CertificateValues, type TravellerValues } from "./values";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";

const AGE_COLORS = { ADT: "blue", CHD: "green", INF: "magenta" } as const;

type TravellerForm = Pick<UseFormReturn<TravellerValues>, "control" | "setValue" | "clearErrors">;

export function TravellerFields({ form, withDefault }: { form: TravellerForm; withDefault: boolean }) {
  const t = useTranslate();
  const { codeLabel, codeOptions } = useCodes();
  const { control, setValue, clearErrors } = form;
  const certs = (useWatch({ control, name: "certificates" }) as CertificateValues[] | undefined) ?? [];
  const birthday = useWatch({ control, name: "birthday" });
  const { fields, append, remove } = useFieldArray({ control, name: "certificates" });
  const { errors } = useFormState({ control, name: "certificates" });
  const listError = errors.certificates?.root?.message ?? errors.certificates?.message;
  const idCert = certs.find((c) => c?.certType === CERT_TYPE.idCard);
  const facts = idCert?.certNo ? idCardFacts(normaliseCertNo(idCert.certNo)) : null;
  const band = passengerTypeOf(dayOf(birthday) ? birthday : null);

  // An ID number decides birthday and sex: filled in as soon as the number is valid.
  const factKey = facts ? `${facts.birthday}/${facts.sex}` : "";
  useEffect(() => {
    if (!facts) return;
    setValue("birthday", facts.birthday);
    setValue("sex", facts.sex);
    clearErrors(["birthday", "sex"]);
    // factKey carries the facts: a new object with the same facts must not refill.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [factKey]);

  const certOptions = codeOptions(CERT_TYPES, CERT_TYPE_CODES);
  return (
    <>
      <Card size="small" title={t("passengers.form.basic")} style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col span={12}>
            <FormField control={control} name="name" label={t("passengers.form.name")}>
              <Input maxLength={CHINESE_NAME_MAX} placeholder={t("passengers.form.namePlaceholder")} />
            </FormField>
          </Col>
          <Col span={12}>
            <FormField control={control} name="mobilePhone" label={t("passengers.form.mobile")}>
              <Input maxLength={11} inputMode="numeric" placeholder={t("passengers.form.mobilePlaceholder")} />
            </FormField>
          </Col>
          <Col span={12}>
            <FormField control={control} name="surname" label={t("passengers.form.surname")} extra={t("passengers.form.englishHint")}>
              <Input maxLength={ENGLISH_NAME_MAX} placeholder="ZHANG" style={{ textTransform: "uppercase" }} />
            </FormField>
          </Col>
          <Col span={12}>
            <FormField control={control} name="givenName" label={t("passengers.form.givenName")}>
              <Input maxLength={ENGLISH_NAME_MAX} placeholder="SAN" style={{ textTransform: "uppercase" }} />
            </FormField>
          </Col>
          <Col span={12}>
            <FormField
              control={control}
              name="birthday"
              label={t("passengers.form.birthday")}
              extra={facts ? t("passengers.form.fromIdCard") : undefined}
              addon={<Tag color={AGE_COLORS[band]} data-testid="psg-type">{codeLabel(PASSENGER_TYPES, band)}</Tag>}
            >
              <DateInput
                disabled={!!facts}
                placeholder={t("passengers.form.birthdayPlaceholder")}
                disabledDate={(d) => d.isAfter(dayjs(), "day")}
                aria-label={t("passengers.form.birthday")}
              />
            </FormField>
          </Col>
          <Col span={12}>
            <FormField control={control} name="sex" label={t("passengers.form.sex")}>
              <Radio.Group disabled={!!facts}>
                <Radio value={1}>{t("passengers.sex.1")}</Radio>
                <Radio value={2}>{t("passengers.sex.2")}</Radio>
              </Radio.Group>
            </FormField>
          </Col>
          <Col span={withDefault ? 12 : 24}>
            <FormField control={control} name="remark" label={t("passengers.form.remark")}>
              <Input maxLength={TRAVELLER_REMARK_MAX} placeholder={t("passengers.form.remarkPlaceholder")} />
            </FormField>
          </Col>
          {withDefault && (
            <Col span={12}>
              <FormField control={control} name="isDefault" label={t("passengers.form.isDefault")} valuePropName="checked" extra={t("passengers.form.isDefaultHint")}>
                <Switch />
              </FormField>
            </Col>
          )}
        </Row>
      </Card>

      <Card size="small" title={t("passengers.form.certificates")}>
        {fields.map((field, i) => {
          const passport = certs[i]?.certType === CERT_TYPE.passport;
          return (
            <Row key={field.id} gutter={12} align="top" data-testid={`cert-${i}`}>
              <Col flex="170px">
                <FormField control={control} name={`certificates.${i}.certType`} label={i === 0 ? t("passengers.form.certType") : undefined}>
                  <Select options={certOptions} placeholder={t("passengers.form.certTypePlaceholder")} aria-label={t("passengers.form.certType")} />
                </FormField>
              </Col>
              <Col flex="230px">
                <FormField control={control} name={`certificates.${i}.certNo`} label={i === 0 ? t("passengers.form.certNo") : undefined}>
                  <Input maxLength={CERT_NO_MAX} placeholder={t("passengers.form.certNoPlaceholder")} aria-label={t("passengers.form.certNo")} />
                </FormField>
              </Col>
              <Col flex="160px">
                <FormField control={control} name={`certificates.${i}.expiry`} label={i === 0 ? t("passengers.form.expiry") : undefined}>
                  <DateInput
                    placeholder={passport ? t("passengers.form.expiryRequired") : t("passengers.form.expiryOptional")}
                    disabledDate={(d) => d.isBefore(dayjs(), "day")}
                    aria-label={t("passengers.form.expiry")}
                  />
                </FormField>
              </Col>
              <Col flex="150px">
                {passport && (
                  <FormField control={control} name={`certificates.${i}.issueCountry`} label={i === 0 ? t("passengers.form.issueCountry") : undefined}>
                    <Input maxLength={COUNTRY_MAX} placeholder={t("passengers.form.issueCountryPlaceholder")} aria-label={t("passengers.form.issueCountry")} />
                  </FormField>
                )}
              </Col>
              <Col flex="40px">
                <Form.Item label={i === 0 ? " " : undefined} colon={false}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={fields.length <= 1}
                    onClick={() => remove(i)}
                    aria-label={t("passengers.form.removeCert")}
                  />
                </Form.Item>
              </Col>
            </Row>
          );
        })}
        {listError && <Form.ErrorList errors={[listError]} />}
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={fields.length >= CERTIFICATES_MAX}
          onClick={() => append(newCertificate(nextType(certs)))}
        >
          {t("passengers.form.addCert")}
        </Button>
      </Card>
    </>
  );
}

// A second certificate is most often a passport, then an HK/Macau pass.
function nextType(certs: CertificateValues[]) {
  const used = new Set(certs.map((c) => c?.certType));
  return [CERT_TYPE.passport, CERT_TYPE.hkMacauPass, CERT_TYPE.idCard, CERT_TYPE.taiwanPass].find((c) => !used.has(c));
}
