// fontkit (pdfkit's own font parser) ships no types: the calls the PDF renderer's font makes.
declare module "fontkit" {
  export interface Font {
    layout(text: string, features?: unknown): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
