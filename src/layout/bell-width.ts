// The header bell's width, shared by the bell and the space held for it while its code loads, so
// nothing beside it moves when it arrives. Its own module: the bell is a lazy chunk of the header.
export const BELL_WIDTH = 36;
