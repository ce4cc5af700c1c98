/**
 * `codeask diagram <answer.json> --out FILE.png`: draw the chains of a saved answer
 * (`codeask ask --json` output, or a `POST /v1/ask` response) as a PNG, offline; `--mermaid`
 * prints the Mermaid text instead. With --index, nodes are clustered by their real package.
 */
import { existsSync, readFileSync } from "node:fs";
import { chainSchema } from "@codeask/shared";
import type { Command } from "commander";
import { z } from "zod";
import { chainsMermaid, indexLinks, indexPackageOf, renderChainsPng } from "../../diagram/index.js";
import { IndexReader } from "../../index/reader.js";
import { UsageError } from "../errors.js";

const optionsSchema = z.strictObject({
	out: z.string().min(1).optional(),
	index: z.string().min(1).optional(),
	mermaid: z.boolean().default(false),
	maxNodes: z.coerce.number().int().min(3).max(200).default(12),
	title: z.string().max(200).optional(),
});
const answerSchema = z.object({ chains: z.array(chainSchema) });

export async function diagramMain(
	file: string,
	raw: unknown,
): Promise<{ mermaid: string; bytes: number | null }> {
	const parsed = optionsSchema.safeParse(raw);
	if (!parsed.success)
		throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; "));
	const opts = parsed.data;
	if (!opts.mermaid && !opts.out)
		throw new UsageError("give --out FILE.png, or --mermaid to print Mermaid text");
	if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
	let answer: z.infer<typeof answerSchema>;
	try {
		answer = answerSchema.parse(JSON.parse(readFileSync(file, "utf8")));
	} catch (err) {
		throw new UsageError(
			`${file} is not an answer with chains (codeask ask --json): ${(err as Error).message.slice(0, 200)}`,
		);
	}
	const index = opts.index ? IndexReader.open(opts.index) : null;
	try {
		const model = {
			maxNodes: opts.maxNodes,
			...(index ? { packageOf: indexPackageOf(index), linked: indexLinks(index) } : {}),
		};
		const mermaid = chainsMermaid(answer.chains, model);
		const bytes = opts.out
			? await renderChainsPng(answer.chains, opts.out, {
					...model,
					...(opts.title ? { title: opts.title } : {}),
				})
			: null;
		return { mermaid, bytes };
	} finally {
		index?.close();
	}
}

export function register(program: Command): void {
	program
		.command("diagram")
		.description(
			"Draw the call chains of a saved answer (codeask ask --json) as a PNG, offline, or as Mermaid text.",
		)
		.argument("<answer.json>", "an answer saved with `codeask ask --json` (or a POST /v1/ask response body)")
		.option("-o, --out <file.png>", "write the PNG here")
		.option(
			"-i, --index <file>",
			"index: clusters nodes by package and finds each hop's parent from its edges (default: .codeask/index.db in this folder or a parent, then $CODEASK_INDEX, when there is one)",
		)
		.option("--mermaid", "print the Mermaid flowchart on stdout", false)
		.option("--max-nodes <n>", "collapse pass-through nodes above this many nodes", "12")
		.option("--title <text>", "title drawn above the PNG")
		.addHelpText(
			"after",
			[
				"",
				"Example:",
				'  codeask ask "how are messages sent?" --json > answer.json && codeask diagram answer.json --out chains.png',
				"",
				"Exit codes: 0 written, 2 bad options or input file.",
			].join("\n"),
		)
		.action(async (file: string, raw: Record<string, unknown>) => {
			const { mermaid, bytes } = await diagramMain(file, raw);
			if (raw.mermaid) process.stdout.write(mermaid);
			if (bytes !== null) process.stderr.write(`codeask: wrote ${raw.out} (${bytes} bytes)\n`);
		});
}
