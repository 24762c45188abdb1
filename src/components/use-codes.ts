// Code labels in the page's language: t('codes.<group>.<code>') over the texts of
// src/locales/codes.<locale>.json, the same texts the server's label() reads.
import { useMemo } from "react";
import { useTranslate } from "@refinedev/core";
import { codeKey, hasCode, type CodeTable } from "../domain/codes";

export interface CodeLabels {
  /** A code's label; a code the table does not list shows as itself, an absent one as ''. */
  codeLabel: (table: CodeTable, code: string | number | null | undefined) => string;
  /** Select options in the order of `codes` (all of the table's by default). */
  codeOptions: <K extends string | number>(table: CodeTable<K>, codes?: readonly K[]) => { value: K; label: string }[];
}

export function useCodes(): CodeLabels {
  const t = useTranslate();
  return useMemo(() => {
    const codeLabel: CodeLabels["codeLabel"] = (table, code) => {
      if (code === null || code === undefined || code === "") return "";
      return hasCode(table, code) ? t(codeKey(table, code), String(code)) : String(code);
    };
    const codeOptions: CodeLabels["codeOptions"] = (table, codes = table.codes) => codes.map((value) => ({ value, label: codeLabel(table, value) }));
    return { codeLabel, codeOptions };
  }, [t]);
}
