// A page's ids as values of their own (i0, i1, …) for a query prepared once per page length
// (prepareQuery): the ids change with every page, the query's text only with their number.

export type GivenIds = Record<string, number>;

export const idParams = (ids: readonly number[]): GivenIds => Object.fromEntries(ids.map((id, i) => [`i${i}`, id]));

/** Inside a prepared query's build: the n given ids, each a value of its own. */
export const givenIds = (p: GivenIds, n: number): number[] => Array.from({ length: n }, (_, i) => p[`i${i}`]);
