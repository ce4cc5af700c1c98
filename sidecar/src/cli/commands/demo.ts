/**
 * `codeask demo`: the embedded default. Indexes the bundled example monorepo
 * (examples/mini-chat) and answers one question about it offline, so a newcomer sees the whole
 * product work right after `npm ci`, with no key and no network.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { z } from "zod";
import { IndexReader } from "../../index/reader.js";
import { indexRepository } from "../../indexer/index.js";
import { ask } from "../../pipeline/ask.js";
import { createSiteExtractor, loadTrunkConfig } from "../../trunks/index.js";
import { UsageError } from "../errors.js";
import { createProgressBar } from "../progress.js";

/** The bundled example, resolved from this file (dist/cli/commands → repository root). */
export const EXAMPLE_REPO = fileURLToPath(new URL("../../../../examples/mini-chat", import.meta.url));
export const DEFAULT_QUESTION = "How are push notifications sent when a new message is posted?";

const optionsSchema = z.strictObject({
	question: z.string().trim().min(1, "--question is empty"),
	repo: z.string().min(1),
	json: z.boolean().default(false),
});

export interface DemoResult {
	repo: string;
	indexPath: string;
	summary: string;
	answer: Awaited<ReturnType<typeof ask>>;
}

const NEXT_STEPS =
	'Next steps: `codeask index <your repo>`, then `codeask ask "…"` in that folder (or `--index <repo>/.codeask/index.db`); `codeask demo --question "…"` asks the demo another question.';

/** Index `repo` into a throw-away folder and answer `question` offline. */
export async function demoMain(opts: z.infer<typeof optionsSchema>): Promise<DemoResult> {
	if (!existsSync(opts.repo)) {
		throw new UsageError(
			opts.repo === EXAMPLE_REPO
				? "demo: the bundled example (examples/mini-chat) comes with a clone of the CodeAsk repository, not with an installed package: pass --repo <folder>"
				: `demo: no repository at ${opts.repo}`,
		);
	}
	const outDir = mkdtempSync(join(tmpdir(), "codeask-demo-"));
	const indexPath = join(outDir, "index.db");
	try {
		const trunkConfig = loadTrunkConfig(null, opts.repo);
		const bar = createProgressBar({ json: opts.json });
		const indexed = await indexRepository({
			repo: opts.repo,
			out: indexPath,
			siteExtractor: createSiteExtractor(trunkConfig),
			trunkConfig,
			onProgress: (e) => bar.update(e.phase, e.done, e.total),
		});
		bar.stop();
		const s = indexed.stats;
		const summary = `indexed ${s.files} files in ${s.packages} packages: ${s.definitions} definitions, ${s.edges} edges (${(s.wallMs / 1000).toFixed(1)} s)`;
		const index = IndexReader.open(indexPath);
		try {
			const answer = await ask(index, opts.question);
			return { repo: opts.repo, indexPath, summary, answer };
		} finally {
			index.close();
		}
	} finally {
		rmSync(outDir, { recursive: true, force: true });
	}
}

export function register(program: Command): void {
	program
		.command("demo")
		.description(
			"Index the bundled example monorepo (examples/mini-chat) and answer a question about it offline.",
		)
		.option("-q, --question <text>", "the question to ask", DEFAULT_QUESTION)
		.option("--repo <dir>", "another repository to try instead of the bundled example", EXAMPLE_REPO)
		.option("--json", "print the JSON answer instead of Markdown", false)
		.addHelpText("after", `\n${NEXT_STEPS}`)
		.action(async (raw: Record<string, unknown>) => {
			const parsed = optionsSchema.safeParse(raw);
			if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join("; "));
			const r = await demoMain(parsed.data);
			if (parsed.data.json) {
				const { trace: _trace, ...wire } = r.answer;
				process.stdout.write(`${JSON.stringify(wire, null, 2)}\n`);
				return;
			}
			process.stdout.write(
				[
					`# CodeAsk demo — ${r.summary}`,
					"",
					// The answer opens with the question ("**Question:** …"): it is not quoted again here.
					r.answer.answer.trimEnd(),
					"",
					`(offline answer: ${r.answer.citations.length} verified citations, ${r.answer.droppedCitations} dropped, ${r.answer.timings.total ?? "?"} ms)`,
					"",
					NEXT_STEPS,
					"",
				].join("\n"),
			);
		});
}
