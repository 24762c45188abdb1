// A search bar is a form: Enter in any of its fields searches, as the 搜索 button does. Fields
// that use Enter themselves keep it: a place picker picks the highlighted place, a date field with
// its calendar open takes the typed date.
import type { ReactNode } from "react";

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
