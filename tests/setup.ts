// jsdom lacks matchMedia, which antd's responsive hooks need.
if (typeof window !== "undefined" && !window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
export {};

// jsdom has no pseudo-element styles and says so on every antd render; the element's own style
// is what antd wants from it anyway.
if (typeof window !== "undefined") {
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}

// Two cores run the whole suite, and a shared machine may be far busier (a load average of 15
// stretched a form's first render past 5 s): findBy*/waitFor wait up to 15 s, well inside the
// test timeout. A passing test never waits it out.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 15_000 });
}

// Pages rendered on their own (not through the routes) need all the texts; the app fetches the
// ones beyond the first paint's with the first page other than the index page.
if (typeof document !== "undefined") {
  const { loadAllTexts } = await import("../src/providers/i18n-provider");
  await loadAllTexts();
}
