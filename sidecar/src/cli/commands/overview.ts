/**
 * `codeask overview [--package NAME]`: what the repository (or one package) is made of — packages
 * and their purpose, the dependency graph, who talks over which trunk, entry points. Offline it is
 * a structured summary; with --llm, one request adds a narrative. --diagram writes the package
 * graph as PNG.
 */
import { llmProviderSchema } from "@codeask/shared";
import type { Command } from "commander";
import { z } from "zod";
import { IndexReader } from "../../index/reader.js";
import { OverviewError, overview } from "../../overview/index.js";
import type { OverviewResult } from "../../overview/types.js";
import { UsageError } from "../errors.js";
import { INDEX_OPTION_HELP } from "../find-index.js";
import { llmFromCliOptions } from "../llm-from-options.js";

const optionsSchema = z.strictObject({
	index: z.string().min(1),
	package: z.string().min(1).optional(),
	llm: llmProviderSchema,
	model: z.string().min(1).optional(),
	baseUrl: z.url().optional(),
	json: z.boolean().default(false),
	diagram: z.string().min(1).optional(),
});
export type OverviewCommandOptions = z.infer<typeof optionsSchema>;

export async function overviewMain(
	opts: OverviewCommandOptions,
	env: Readonly<Record<string, string | undefined>> = {},
): Promise<OverviewResult & { diagramFile: string | null }> {
	const { llm, setupError } = await llmFromCliOptions(opts, env);
	const index = IndexReader.open(opts.index);
	try {
		const result = await overview(index, {
			...(opts.package ? { package: opts.package } : {}),
			...(llm ? { llm } : {}),
		});
		if (setupError) result.fallbackReason = `llm setup: ${setupError}`;
		if (opts.diagram) {
			const { renderPackageGraphPng } = await import("../../diagram/render.js");
			await renderPackageGraphPng(result.data, opts.diagram);
		}
		return { ...result, diagramFile: opts.diagram ?? null };
	} catch (err) {
		if (err instanceof OverviewError) throw new UsageError(err.message);
		throw err;
	} finally {
		index.close();
	}
}

export function register(program: Command): void {
	program
		.command("overview")
		.description(
			"Summarise the repository or one package: packages and their purpose, dependencies, trunks, entry points.",
		)
		.option("-i, --index <file>", INDEX_OPTION_HELP)
		.option("-p, --package <name>", "one package, by name (@scope/name or name) or folder (apps/web)")
		.option(
			"--llm <provider>",
			"none (offline structured summary, default), gemini or openai: adds a narrative",
			"none",
		)
		.option("--model <name>", "LLM model name (default: the provider's default)")
		.option("--base-url <url>", "LLM endpoint (openai-compatible servers)")
		.option("--diagram <file.png>", "also write the package graph as a PNG")
		.option("--json", "print {data, markdown, narrative, diagram (Mermaid), usage, timings} as JSON", false)
		.addHelpText(
			"after",
			[
				"",
				"Examples:",
				"  codeask overview --index .codeask/index.db",
				"  codeask overview --package apps/meteor --diagram meteor.png",
				"  GEMINI_API_KEY=… codeask overview --llm gemini",
				"",
				"Exit codes: 0 ok (also when the LLM failed: the structured summary is printed), 2 unknown package or bad options.",
			].join("\n"),
		)
		.action(async (raw: Record<string, unknown>) => {
			const parsed = optionsSchema.safeParse(raw);
			if (!parsed.success) {
				throw new UsageError(
					parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; "),
				);
			}
			const r = await overviewMain(parsed.data, process.env);
			if (parsed.data.json) {
				process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
				return;
			}
			const parts = [
				r.narrative ? `${r.narrative}\n\n---\n` : "",
				r.markdown,
				"\n## Package graph (Mermaid)\n\n```mermaid\n",
				r.diagram,
				"```\n",
			];
			process.stdout.write(parts.join(""));
			if (r.fallbackReason) process.stderr.write(`codeask: narrative unavailable: ${r.fallbackReason}\n`);
			if (r.diagramFile) process.stderr.write(`codeask: package graph written to ${r.diagramFile}\n`);
		});
}
