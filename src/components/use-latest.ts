// A value that callbacks made in one render use later: a form's resolver checks at submit with
// what the page learnt since (the travel standard's answer arrives after the form was made). The
// page sets it after each commit and the callback reads it then; render reads the value itself,
// never the box, so what is drawn and what is checked cannot drift apart.
import { useMemo, useRef } from "react";

export interface Latest<T> {
  get: () => T;
  set: (value: T) => void;
}

export function useLatest<T>(initial: T): Latest<T> {
  const box = useRef(initial);
  return useMemo(() => ({ get: () => box.current, set: (value: T) => void (box.current = value) }), []);
}
