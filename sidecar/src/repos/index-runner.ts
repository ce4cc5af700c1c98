/**
 * Runs `index-child` in a child Node (with the indexer's V8 settings) and turns its JSON lines
 * into progress callbacks and a result. Injected into the repository service, so tests can
 * count or pace indexing; the default is this child process.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface IndexRunRequest {
	/** The folder to index (checkout + subfolder). */
	repo: string;
	out: string;
	trunks: "builtin" | "none";
	/** Percent done, 0-100, as the index runs. */
	onProgress?: (percent: number) => void;
	signal?: AbortSignal;
}

export interface IndexRunResult {
	files: number;
	definitions: number;
	edges: number;
	extractedFiles: number;
	wallMs: number;
}

export type IndexRunner = (request: IndexRunRequest) => Promise<IndexRunResult>;

/** Same V8 settings as `codeask index` (a large monorepo needs more than Node's default heap). */
const V8_FLAGS = ["--max-semi-space-size=64", "--max-old-space-size=4096"];

/** The compiled child script; from the sources (tests) it is the built one in dist/. */
export function childScript(): string {
	const here = fileURLToPath(new URL("./index-child.js", import.meta.url));
	const built = here.replace(/([\\/])src([\\/]repos[\\/]index-child\.js)$/, "$1dist$2");
	return existsSync(here) ? here : built;
}

/** Map the indexer's phases onto one percentage: extraction is most of the work. */
function percentOf(phase: string, done: number, total: number): number {
	const share = total > 0 ? Math.min(1, done / total) : 1;
	const span: Record<string, [number, number]> = {
		collect: [0, 5],
		parse: [5, 20],
		extract: [20, 90],
		write: [90, 99],
	};
	const [from, to] = span[phase] ?? [0, 99];
	return Math.round(from + (to - from) * share);
}

export class IndexRunError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "IndexRunError";
	}
}

export const childIndexRunner: IndexRunner = (request) =>
	new Promise((resolve, reject) => {
		const args = JSON.stringify({ repo: request.repo, out: request.out, trunks: request.trunks });
		const child = spawn(process.execPath, [...V8_FLAGS, childScript(), args], {
			stdio: ["ignore", "pipe", "pipe"],
		});
		const onAbort = () => child.kill("SIGKILL");
		request.signal?.addEventListener("abort", onAbort, { once: true });
		let buffered = "";
		let stderr = "";
		let result: IndexRunResult | null = null;
		let failure: string | null = null;
		child.stdout.on("data", (d: Buffer) => {
			buffered += d.toString();
			let nl = buffered.indexOf("\n");
			while (nl >= 0) {
				const line = buffered.slice(0, nl);
				buffered = buffered.slice(nl + 1);
				nl = buffered.indexOf("\n");
				let msg: { type?: string; [k: string]: unknown };
				try {
					msg = JSON.parse(line);
				} catch {
					continue;
				}
				if (msg.type === "progress")
					request.onProgress?.(percentOf(String(msg.phase), Number(msg.done), Number(msg.total)));
				else if (msg.type === "done") result = msg as unknown as IndexRunResult;
				else if (msg.type === "error") failure = String(msg.message);
			}
		});
		child.stderr.on("data", (d: Buffer) => {
			stderr = (stderr + d.toString()).slice(-4000);
		});
		child.on("error", (err) => reject(new IndexRunError(`could not start the indexer: ${err.message}`)));
		child.on("close", (code, signal) => {
			request.signal?.removeEventListener("abort", onAbort);
			if (result && code === 0) resolve(result);
			else if (failure) reject(new IndexRunError(`indexing failed: ${failure}`));
			else if (request.signal?.aborted) reject(new IndexRunError("indexing was stopped"));
			else {
				const last = stderr.trim().split("\n").pop() ?? "";
				reject(
					new IndexRunError(`the indexer exited (${signal ?? `code ${code}`})${last ? `: ${last}` : ""}`),
				);
			}
		});
	});
