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

/**
 * Words an overview question is made of: question words, the cue phrases themselves, and words
 * for "the repository". Anything else is a topic ("…the main components *involved in sending a
 * message*") and sends the question to the answer pipeline.
 */
const FRAME_WORDS = new Set(
	`a about all an and any are as at be between big bird birds block blocks building can code codebase
	component components core could describe different divided do does each explain eye fit for give
	general high how i important in interact into introduce is it its key layer layers laid layout level
	main major make map me module modules monorepo of on organisation organised organization organized
	other our out overall overview package packages part parts picture piece pieces please principal
	project purpose relate repo repository responsibilities responsibility role s service services show
	source split structure structured subsystem subsystems summarise summarize tell that the their them
	there these they this through to together top tour up walk we what whats which whole with work
	works workspace workspaces you your app apps library base architecture architected anatomy exist
	exists area areas depend depends overall entire`.split(/\s+/),
);

/** Topic words left once the frame, the named package and the repository's own name are removed. */
function topicWords(text: string, packages: readonly PackageRef[], pkg: string | undefined): string[] {
	const named = packages.filter((p) => p.name === pkg || p.dir === "");
	const own = new Set(named.flatMap((p) => wordsOf(`${p.name} ${p.dir}`).split(" ")));
	return wordsOf(text)
		.split(" ")
		.filter((w) => w && !FRAME_WORDS.has(w) && !own.has(w) && !/^\d+$/.test(w));
}

export function isOverviewQuestion(question: string, packages: readonly PackageRef[] = []): OverviewRoute {
	const text = question.toLowerCase().replace(/\s+/g, " ").trim();
	const pkg = mentionedPackage(text, packages);
	const cued =
		OVERVIEW_CUES.some((re) => re.test(text)) ||
		(pkg !== undefined && PACKAGE_CUES.some((re) => re.test(text)));
	// One stray word is tolerated ("the main modules of the *backend*"); a topic is not.
	if (!cued || topicWords(text, packages, pkg).length > 1) return { overview: false };
	return pkg ? { overview: true, package: pkg } : { overview: true };
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
		// The root package is the repository itself: naming it asks for the whole overview.
		if (!p.dir) continue;
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
