// /view/text/company.shtml, /view/text/serviceagreement.shtml and /agreement_frame/:type: a
// readable document page (the register dialog opens the agreement in a new tab).
import { useParams } from "react-router";
import { usePageTitle } from "../usePageTitle";
import { documentFor } from "./texts";
import { useTranslate } from "@refinedev/core";
import "./text.css";

export function TextPage({ kind, routeName }: { kind?: string; routeName: string }) {
  const t = useTranslate();
  const params = useParams();
  const doc = documentFor(kind ?? params.type);
  usePageTitle(`${doc.title}${t("documentTitle.suffix")}`);
  return (
    <div className="tp-container tp-text" data-page={routeName}>
      <article className="tp-text__doc" lang="zh-CN">
        <h1 className="tp-text__title">{doc.title}</h1>
        <p className="tp-text__intro">{doc.intro}</p>
        {doc.sections.map((s) => (
          <section key={s.heading}>
            <h2 className="tp-text__heading">{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 24)} className="tp-text__para">
                {p}
              </p>
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}

export default TextPage;
