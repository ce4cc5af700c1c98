/**
 * Putting the picture on an answer: the Mermaid flowchart of its chains (`diagram`) and, when
 * asked, the same drawn as a base64 PNG (`diagramPng`) for clients that cannot render Mermaid
 * (the Rocket.Chat App attaches it to its message).
 */
import type { AskResponse } from "@codeask/shared";
import type { IndexReader } from "../index/reader.js";
import { chainsMermaid } from "./mermaid.js";
import { diagramOptionsFor } from "./model.js";
import { chainsPng } from "./render.js";

export async function withDiagram<T extends AskResponse>(
	answer: T,
	index: IndexReader,
	options: { png?: boolean; title?: string } = {},
): Promise<T> {
	if (answer.chains.length === 0) return answer;
	const model = diagramOptionsFor(index);
	const diagram = answer.diagram ?? chainsMermaid(answer.chains, model);
	if (!options.png) return { ...answer, diagram };
	const png = await chainsPng(answer.chains, {
		...model,
		...(options.title ? { title: options.title } : {}),
	});
	return { ...answer, diagram, diagramPng: png.toString("base64") };
}
