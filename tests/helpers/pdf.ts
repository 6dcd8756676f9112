import { extractText, getDocumentProxy } from "unpdf";

/** The text of a PDF answer, read back with a PDF text extractor (no-break spaces as spaces). */
export async function pdfText(response: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\u00a0/g, " ");
}
