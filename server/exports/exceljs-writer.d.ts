// exceljs' streaming workbook writer on its own (the package's main module loads its readers too).
declare module "exceljs/lib/stream/xlsx/workbook-writer.js" {
  import type ExcelJS from "exceljs";
  const WorkbookWriter: typeof ExcelJS.stream.xlsx.WorkbookWriter;
  export = WorkbookWriter;
}
