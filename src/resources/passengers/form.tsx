// The traveller form's fields, shared by frequent and external travellers: names, contact,
// birthday and sex (filled from a mainland ID number and then locked to it), the age band the
// traveller books in, and the certificates (several, one per type; passports with country and
// expiry).
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button, Card, Col, DatePicker, Form, Input, Radio, Row, Select, Space, Switch, Tag, type FormInstance } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import { CERT_TYPE, CERT_TYPE_CODES, CERT_TYPES, PASSENGER_TYPES, codeOptions } from "../../domain/codes";
import {
  CERT_NO_MAX, CERTIFICATES_MAX, CHINESE_NAME_MAX, COUNTRY_MAX, ENGLISH_NAME_MAX, TRAVELLER_REMARK_MAX,
  idCardFacts, normaliseCertNo, passengerTypeOf,
} from "../../domain/people";
import { domainLang } from "../../providers/i18n-provider";
import type { CertificateValues, TravellerValues } from "./values";

const AGE_COLORS = { ADT: "blue", CHD: "green", INF: "magenta" } as const;

/** The facts of the form's ID card, when it holds a valid one. */
function useIdCard(form: FormInstance<TravellerValues>) {
  const certs = Form.useWatch("certificates", form) as CertificateValues[] | undefined;
  const id = certs?.find((c) => c?.certType === CERT_TYPE.idCard);
  return id?.certNo ? idCardFacts(normaliseCertNo(id.certNo)) : null;
}

export function TravellerFields({ form, withDefault }: { form: FormInstance<TravellerValues>; withDefault: boolean }) {
  const { t } = useTranslation();
  const lang = domainLang();
  const facts = useIdCard(form);
  const birthday = Form.useWatch("birthday", form);
  const certs = (Form.useWatch("certificates", form) as CertificateValues[] | undefined) ?? [];
  const band = passengerTypeOf(birthday && birthday.isValid() ? birthday.format("YYYY-MM-DD") : null);

  // An ID number decides birthday and sex: filled in as soon as the number is valid.
  const factKey = facts ? `${facts.birthday}/${facts.sex}` : "";
  useEffect(() => {
    if (!facts) return;
    form.setFieldsValue({ birthday: dayjs(facts.birthday), sex: facts.sex });
    form.setFields([{ name: "birthday", errors: [] }, { name: "sex", errors: [] }]);
    // factKey carries the facts: a new object with the same facts must not refill.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [factKey, form]);

  const certOptions = codeOptions(CERT_TYPES, CERT_TYPE_CODES, lang);
  return (
    <>
      <Card size="small" title={t("passengers.form.basic")} style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col span={12}>
            <Form.Item name="name" label={t("passengers.form.name")}>
              <Input maxLength={CHINESE_NAME_MAX} placeholder={t("passengers.form.namePlaceholder")} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="mobilePhone" label={t("passengers.form.mobile")}>
              <Input maxLength={11} inputMode="numeric" placeholder={t("passengers.form.mobilePlaceholder")} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="surname" label={t("passengers.form.surname")} extra={t("passengers.form.englishHint")}>
              <Input maxLength={ENGLISH_NAME_MAX} placeholder="ZHANG" style={{ textTransform: "uppercase" }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="givenName" label={t("passengers.form.givenName")}>
              <Input maxLength={ENGLISH_NAME_MAX} placeholder="SAN" style={{ textTransform: "uppercase" }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t("passengers.form.birthday")} extra={facts ? t("passengers.form.fromIdCard") : undefined}>
              <Space>
                <Form.Item name="birthday" noStyle>
                  <DatePicker
                    disabled={!!facts}
                    placeholder={t("passengers.form.birthdayPlaceholder")}
                    disabledDate={(d) => d.isAfter(dayjs(), "day")}
                    aria-label={t("passengers.form.birthday")}
                  />
                </Form.Item>
                <Tag color={AGE_COLORS[band]} data-testid="psg-type">{PASSENGER_TYPES[band][lang]}</Tag>
              </Space>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sex" label={t("passengers.form.sex")}>
              <Radio.Group disabled={!!facts}>
                <Radio value={1}>{t("passengers.sex.1")}</Radio>
                <Radio value={2}>{t("passengers.sex.2")}</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col span={withDefault ? 12 : 24}>
            <Form.Item name="remark" label={t("passengers.form.remark")}>
              <Input maxLength={TRAVELLER_REMARK_MAX} placeholder={t("passengers.form.remarkPlaceholder")} />
            </Form.Item>
          </Col>
          {withDefault && (
            <Col span={12}>
              <Form.Item name="isDefault" label={t("passengers.form.isDefault")} valuePropName="checked" extra={t("passengers.form.isDefaultHint")}>
                <Switch />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Card>

      <Card size="small" title={t("passengers.form.certificates")}>
        <Form.List name="certificates">
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => {
                const type = certs[field.name]?.certType;
                const passport = type === CERT_TYPE.passport;
                return (
                  <Row key={field.key} gutter={12} align="top" data-testid={`cert-${field.name}`}>
                    <Col flex="170px">
                      <Form.Item name={[field.name, "certType"]} label={field.name === 0 ? t("passengers.form.certType") : undefined}>
                        <Select options={certOptions} placeholder={t("passengers.form.certTypePlaceholder")} aria-label={t("passengers.form.certType")} />
                      </Form.Item>
                    </Col>
                    <Col flex="230px">
                      <Form.Item name={[field.name, "certNo"]} label={field.name === 0 ? t("passengers.form.certNo") : undefined}>
                        <Input maxLength={CERT_NO_MAX} placeholder={t("passengers.form.certNoPlaceholder")} aria-label={t("passengers.form.certNo")} />
                      </Form.Item>
                    </Col>
                    <Col flex="160px">
                      <Form.Item name={[field.name, "expiry"]} label={field.name === 0 ? t("passengers.form.expiry") : undefined}>
                        <DatePicker
                          placeholder={passport ? t("passengers.form.expiryRequired") : t("passengers.form.expiryOptional")}
                          disabledDate={(d) => d.isBefore(dayjs(), "day")}
                          aria-label={t("passengers.form.expiry")}
                        />
                      </Form.Item>
                    </Col>
                    <Col flex="150px">
                      {passport && (
                        <Form.Item name={[field.name, "issueCountry"]} label={field.name === 0 ? t("passengers.form.issueCountry") : undefined}>
                          <Input maxLength={COUNTRY_MAX} placeholder={t("passengers.form.issueCountryPlaceholder")} aria-label={t("passengers.form.issueCountry")} />
                        </Form.Item>
                      )}
                    </Col>
                    <Col flex="40px">
                      <Form.Item label={field.name === 0 ? " " : undefined} colon={false}>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          disabled={fields.length <= 1}
                          onClick={() => remove(field.name)}
                          aria-label={t("passengers.form.removeCert")}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                );
              })}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= CERTIFICATES_MAX}
                onClick={() => add({ certType: nextType(certs) })}
              >
                {t("passengers.form.addCert")}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
    </>
  );
}

// A second certificate is most often a passport, then an HK/Macau pass.
function nextType(certs: CertificateValues[]) {
  const used = new Set(certs.map((c) => c?.certType));
  return [CERT_TYPE.passport, CERT_TYPE.hkMacauPass, CERT_TYPE.idCard, CERT_TYPE.taiwanPass].find((c) => !used.has(c));
}
