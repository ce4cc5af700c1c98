/**
 * Routing between the overview and the answer pipeline without an LLM request: a question is
 * an overview question when it asks about the repository's parts as a whole ("what are the main
 * modules?") or about what one package is for ("give me an overview of the apps engine").
 * Specific questions ("how do push notifications work?") go to the answer pipeline.
 * Pure: the package list comes from the index (`index.packages()`), nothing is hard-wired.
 */

export interface OverviewRoute {
	overview: boolean;
	/** The package the question is about, by its name in the index. */
	package?: string;
}

/** Wording that asks for the big picture, of the repository or of whatever it names. */
const OVERVIEW_CUES: RegExp[] = [
	/\boverview\b/,
	/\bhigh[- ]level\b/,
	/\bbig picture\b/,
	/\bbird'?s[- ]eye\b/,
	/\b(main|major|key|top[- ]level|core|important|principal|different)\s+(parts|modules|components|packages|pieces|areas|building blocks|subsystems|services|workspaces|layers)\b/,
	/\b(structure|layout|organi[sz]ation|architecture|anatomy|map)\s+of\s+(the|this)\s+(repo|repository|codebase|code base|project|monorepo|source|source code|code)\b/,
	/\bhow\s+is\s+(the|this)\s+(repo|repository|codebase|code base|project|monorepo|code|source)\s+(structured|organi[sz]ed|laid out|split|architected|divided)\b/,
	/\b(what|which)\s+(packages|modules|workspaces|components)\s+(are there|does|do|exist|make up|are in)\b/,
	/\bwhat\s+(is|are)\s+in\s+(the|this)\s+(repo|repository|codebase|monorepo)\b/,
	/\b(walk me through|tour of|introduce me to)\s+(the|this)\s+(repo|repository|codebase|code base|project|monorepo)\b/,
];

/** Wording that asks what a named package is for; counts only when a package is named. */
const PACKAGE_CUES: RegExp[] = [
	/\bwhat\s+(does|do)\s+(the\s+)?.{1,60}\s+(package|module|workspace|library|app|service)\s+do\b/,
	/\bwhat\s+(is|are)\s+(the\s+)?.{1,60}\s+(package|module|workspace|library)\s+(for|about|responsible for)\b/,
	/\bwhat\s+(is|are)\s+(the\s+)?.{1,60}\s+(for|responsible for)\s*\??$/,
	/\b(purpose|role|responsibilit(y|ies))\s+of\s+(the\s+)?/,
	/\b(tell me about|describe|summari[sz]e|explain)\s+(the\s+)?.{1,60}\s+(package|module|workspace|library)\b/,
	/\b(architecture|structure|organi[sz]ation)\s+of\s+(the\s+)?/,
];

interface PackageRef {
	name: string;
	dir: string;
}

export function isOverviewQuestion(question: string, packages: readonly PackageRef[] = []): OverviewRoute {
	const text = question.toLowerCase().replace(/\s+/g, " ").trim();
	const pkg = mentionedPackage(text, packages);
	const generic = OVERVIEW_CUES.some((re) => re.test(text));
	if (generic) return pkg ? { overview: true, package: pkg } : { overview: true };
	if (pkg && PACKAGE_CUES.some((re) => re.test(text))) return { overview: true, package: pkg };
	return { overview: false };
}

/**
 * The package a question names, by scoped name, folder, or the words of its short name
 * ("apps engine" for `@scope/apps-engine`); the longest mention wins, ties are dropped.
 */
export function mentionedPackage(question: string, packages: readonly PackageRef[]): string | undefined {
	const text = question.toLowerCase();
	const words = ` ${wordsOf(text)} `;
	let best: { name: string; length: number } | undefined;
	let tie = false;
	for (const p of packages) {
		if (!p.dir && !p.name) continue;
		const short = p.name.replace(/^@[^/]+\//, "");
		const forms = [p.name.toLowerCase(), p.dir.toLowerCase()].filter((f) => f.length > 1 && text.includes(f));
		const phrase = wordsOf(short);
		// A one-word short name under 8 letters ("ui", "server") is a common word: it needs "package" after it.
		const said =
			phrase.length >= 2 &&
			(words.includes(` ${phrase} `) || words.includes(` ${phrase.replace(/ /g, "")} `));
		const wordHit =
			said &&
			((phrase.includes(" ") && phrase.length >= 4) ||
				phrase.length >= 8 ||
				new RegExp(`\\b${phrase}\\s+(package|module|workspace|library)\\b`).test(words));
		const length = Math.max(0, ...forms.map((f) => f.length), wordHit ? phrase.length : 0);
		if (length === 0) continue;
		if (!best || length > best.length) {
			best = { name: p.name, length };
			tie = false;
		} else if (length === best.length && best.name !== p.name) {
			tie = true;
		}
	}
	return best && !tie ? best.name : undefined;
}

function wordsOf(text: string): string {
	return text
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean)
		.join(" ");
}
