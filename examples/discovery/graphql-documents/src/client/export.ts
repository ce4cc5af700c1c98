import { PDFDocument } from 'pdf-lib';

// A class whose name ends like a generated document: no operation is named `PDF`.
export async function exportProject(name: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(name);
  return pdf.save();
}
