/** A line of code quoted after a citation marker, as the offline pattern and convention answers quote them. */
import type { IndexReader } from "../index/reader.js";
import { code } from "./markdown.js";

/** A quoted line of code at most. */
const QUOTE_CHARS = 110;

/** A line of code quoted after a marker (": `code`"), clipped. */
export function quoteLine(index: Pick<IndexReader, "fileLines">, file: string, line: number): string {
	const text = (index.fileLines(file, line, line)?.[0] ?? "").trim();
	return text ? `: ${code(text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text)}` : "";
}
