// Building blocks every workbench shares: greeting, figure cards, entry points and the
// loading / error / wrong-type states.
import type { ReactNode } from "react";
import { Avatar, Button, Card, Col, Empty, Result, Row, Skeleton, Space, Statistic, Tag, Typography } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import { MEMBER_TYPE_LABELS, memberTypeKey } from "../../domain/member";
import { formatFen } from "../../domain/money";
import { codeLabelNow, domainLang } from "../../providers/i18n-provider";
import { LinkButton } from "../../components/LinkButton";
import { INDEX_PATH } from "../../access/routes";
import type { EntryGroup, EntryLink } from "./entries";
import type { WorkbenchUser } from "./types";
import { isPermanent } from "../../domain/workbench-figures";
import { useTranslate } from "@refinedev/core";
import "./workbench.css";

/** The member-type label in the page language (the server's memberTypeCN is Chinese). */
export function typeLabel(user: WorkbenchUser): string {
  return domainLang() === "en" ? codeLabelNow(MEMBER_TYPE_LABELS, memberTypeKey(user), user.memberTypeCN) : user.memberTypeCN;
}

export function Greeting({ user, extra, children }: { user: WorkbenchUser; extra?: ReactNode; children?: ReactNode }) {
  const t = useTranslate();
  const name = user.realName || user.mobilePhone;
  return (
    <Card className="tp-wb-greeting" variant="borderless">
      <div className="tp-wb-greeting__row">
        <Avatar size={56} className="tp-wb-greeting__avatar">
          {name.slice(0, 1)}
        </Avatar>
        <div className="tp-wb-greeting__text">
          <Space size={10} align="center" wrap>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t("workbench.greeting", { name })}
            </Typography.Title>
            <Tag color="blue" className="tp-wb-type-tag" data-testid="member-type">
              {typeLabel(user)}
            </Tag>
          </Space>
          {children && <div className="tp-wb-greeting__sub">{children}</div>}
        </div>
        {extra && <div className="tp-wb-greeting__extra">{extra}</div>}
      </div>
    </Card>
  );
}

export interface Fact {
  key: string;
  title: ReactNode;
  /** Money as decimal text, or a count / text shown as is. */
  value: string | number;
  money?: boolean;
  suffix?: ReactNode;
  footer?: ReactNode;
  accent?: boolean;
}

const COUNT_FORMAT = new Intl.NumberFormat("en-US");

/** Figure cards in a responsive grid; compact puts two a row (for a half-width column). */
export function FactCards({ facts, compact }: { facts: Fact[]; compact?: boolean }) {
  const lg = compact ? 12 : facts.length % 3 === 0 ? 8 : 6;
  return (
    <Row gutter={[16, 16]}>
      {facts.map((f) => (
        <Col key={f.key} xs={24} sm={12} lg={lg}>
          <Card className={`tp-wb-fact${f.accent ? " tp-wb-fact--accent" : ""}`} variant="borderless" data-testid={`fact-${f.key}`}>
            <Statistic
              title={f.title}
              value={f.value}
              prefix={f.money ? "¥" : undefined}
              suffix={f.suffix}
              formatter={(v) => (f.money ? formatFen(Number(v)) : typeof v === "number" ? COUNT_FORMAT.format(v) : String(v))}
            />
            {f.footer && <div className="tp-wb-fact__footer">{f.footer}</div>}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export function Section({ title, extra, children, testId }: { title: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card className="tp-wb-section" title={title} extra={extra} variant="borderless" data-testid={testId}>
      {children}
    </Card>
  );
}

export function EntryButton({ link, primary }: { link: EntryLink; primary?: boolean }) {
  return (
    <LinkButton to={link.to} type={primary ? "primary" : "default"} className="tp-wb-entry" data-route={link.route}>
      {link.label}
    </LinkButton>
  );
}

/** "有效期 永久有效" or "有效期 2026-12-31". */
export function useValidity(user: WorkbenchUser): string {
  const t = useTranslate();
  return t("workbench.validUntil", { date: isPermanent(user.experienceDate) ? t("common.permanentlyValid") : user.experienceDate });
}

/** Member level, with how long the membership is valid (experienceDate). */
export function useMembershipFact(user: WorkbenchUser): Fact {
  const t = useTranslate();
  const validity = useValidity(user);
  return {
    key: "memberLevel", title: t("workbench.memberLevel"), value: t("workbench.levelValue", { level: user.memberLevel }),
    footer: validity,
  };
}

/** Footer figures, one a line, so an amount never breaks across lines. */
export function FooterPieces({ pieces }: { pieces: string[] }) {
  return (
    <span className="tp-wb-pieces">
      {pieces.map((p) => (
        <span key={p}>{p}</span>
      ))}
    </span>
  );
}

/** "可用 ¥x" and "冻结 ¥y" under a balance. */
export function BalanceFooter({ availableFen, frozenFen }: { availableFen: number; frozenFen: number }) {
  const t = useTranslate();
  return (
    <FooterPieces
      pieces={[t("workbench.availableAmount", { amount: formatFen(availableFen) }), t("workbench.frozenAmount", { amount: formatFen(frozenFen) })]}
    />
  );
}

/** "常用功能": the user's menu entries by area. */
export function EntryPoints({ groups }: { groups: EntryGroup[] }) {
  const t = useTranslate();
  return (
    <Section title={t("workbench.entries")} testId="entry-points">
      {groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("workbench.noEntries")} />
      ) : (
        <div className="tp-wb-entries">
          {groups.map((g) => (
            <div key={g.id} className="tp-wb-entries__group" role="group" aria-label={g.title}>
              <div className="tp-wb-entries__title">{g.title}</div>
              <div className="tp-wb-entries__links">
                {g.links.map((l) => (
                  <EntryButton key={l.id} link={l} />
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </Section>
  );
}

export function LoadingState() {
  const t = useTranslate();
  return (
    <div className="tp-wb" aria-busy="true" aria-label={t("workbench.loadingText")}>
      <Card variant="borderless">
        <Skeleton avatar={{ size: 56 }} active paragraph={{ rows: 1 }} />
      </Card>
      <Row gutter={[16, 16]}>
        {[0, 1, 2, 3].map((i) => (
          <Col key={i} xs={24} sm={12} lg={6}>
            <Card variant="borderless">
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useTranslate();
  return (
    <Card variant="borderless" className="tp-wb-state">
      <Result
        status="error"
        title={t("workbench.loadError")}
        subTitle={
          <span role="alert">
            {message && <span className="tp-wb-state__detail">{message}</span>}
            {t("workbench.loadErrorHint")}
          </span>
        }
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
            {t("workbench.retry")}
          </Button>
        }
      />
    </Card>
  );
}

/** A member whose type has another workbench: say so and link to the ones they may use. */
export function ForbiddenState({ user, links }: { user: WorkbenchUser; links: EntryLink[] }) {
  const t = useTranslate();
  return (
    <Card variant="borderless" className="tp-wb-state">
      <Result
        status="403"
        title={t("workbench.forbiddenTitle")}
        subTitle={t("workbench.forbiddenText", { type: typeLabel(user) })}
        extra={
          <Space wrap>
            {links.map((l) => (
              <EntryButton key={l.id} link={l} primary />
            ))}
            <LinkButton to={INDEX_PATH}>{t("workbench.goHome")}</LinkButton>
          </Space>
        }
      />
    </Card>
  );
}
