// A search bar is a form: Enter in any of its fields searches, as the 搜索 button does. Fields
// that use Enter themselves keep it: a place picker picks the highlighted place, a date field with
// its calendar open takes the typed date. The bars are built from plain inputs styled here, so
// the index page can show them at once.
import type { ReactNode } from "react";
import "../../components/search/search-bar.css";

export function SearchBarForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="tp-bk-bar"
      role="search"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** Why the search cannot run, under the bar. */
export function SearchProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <div className="tp-bk-bar__problem" role="alert">
      <span className="tp-bk-bar__problem-icon" aria-hidden="true">!</span>
      {problem}
    </div>
  );
}
