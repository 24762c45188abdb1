// fontkit (pdfkit's own font parser) ships no types: the one call the PDF renderer makes.
declare module "fontkit" {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
