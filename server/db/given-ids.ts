// A page's ids as values of their own (i0, i1, …) for a query prepared once per page length
// (prepareQuery): the ids change with every page, the query's text only with their number.

export type GivenIds = Record<string, number>;

// The names i0, i1, … made once: building them and the pairs for Object.fromEntries on every page
// cost a list request more than reading them back.
const NAMES: string[] = [];
const nameOf = (i: number) => (NAMES[i] ??= `i${i}`);

export const idParams = (ids: readonly number[]): GivenIds => {
  const p: GivenIds = {};
  for (let i = 0; i < ids.length; i++) p[nameOf(i)] = ids[i];
  return p;
};

/** Inside a prepared query's build: the n given ids, each a value of its own. */
export const givenIds = (p: GivenIds, n: number): number[] => Array.from({ length: n }, (_, i) => p[`i${i}`]);
