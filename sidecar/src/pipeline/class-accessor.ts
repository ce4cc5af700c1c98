/**
 * A class's accessor among a chain's seeds: a getter, or a static member that hands out the class's
 * own instance (a singleton's `getInstance`, a factory typed as the class). Such a member is how callers
 * reach the class, not another start of the flow, so it does not decide the chain's direction.
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";

export type AccessorIndex = Pick<IndexReader, "defById" | "fileLines">;

const MODIFIERS = String.raw`(?:(?:public|private|protected|readonly|async|override|abstract|declare)\s+)*`;
const GETTER = new RegExp(`^${MODIFIERS}(?:static\\s+)?get\\s`);
const STATIC = new RegExp(`^${MODIFIERS}static\\b`);

/** How many parents up a callback inside a member (`instance.on("error", …)`) is still the member's. */
const MEMBER_DEPTH = 3;

/**
 * Whether `def` is a getter or a singleton accessor of a class that is itself one of `seeds`, or a callback
 * inside one. A static helper that merely lives in the class (`static parse(json)`) is not: it still votes.
 */
export function isClassSeedAccessor(
	index: AccessorIndex,
	def: DefRow,
	seeds: readonly { def: DefRow }[],
): boolean {
	const classSeeds = new Map(seeds.filter((s) => s.def.kind === "class").map((s) => [s.def.id, s.def]));
	if (classSeeds.size === 0) return false;
	let member: DefRow | undefined = def;
	for (let hops = 0; member && member.parentId !== null && hops < MEMBER_DEPTH; hops++) {
		const owner = classSeeds.get(member.parentId);
		if (owner) return isAccessorOf(index, member, owner.name);
		member = index.defById(member.parentId);
	}
	return false;
}

function isAccessorOf(index: Pick<AccessorIndex, "fileLines">, member: DefRow, className: string): boolean {
	const signature = member.signature ?? "";
	if (GETTER.test(signature)) return true;
	if (!STATIC.test(signature)) return false;
	return (
		namesWord(declaredTypeOf(signature, member.name), className) ||
		returnsOwnInstance(index, member, className)
	);
}

/** The part of a signature after the member's parameters (its return type), or after its name for a field. */
function declaredTypeOf(signature: string, name: string): string {
	const head = new RegExp(`(?<![\\w$])${escapeRegExp(name)}\\s*[?!]?\\s*(?:<[^()]*>\\s*)?`).exec(signature);
	if (!head) return "";
	const after = head.index + head[0].length;
	if (signature[after] !== "(") return signature.slice(after);
	let depth = 0;
	for (let i = after; i < signature.length; i++) {
		if (signature[i] === "(") depth++;
		else if (signature[i] === ")" && --depth === 0) return signature.slice(i + 1);
	}
	return "";
}

function namesWord(text: string, word: string): boolean {
	return new RegExp(`(?<![\\w$])${escapeRegExp(word)}(?![\\w$])`).test(text);
}

/**
 * The member's body returns a new instance of the class or what the class holds in a static field:
 * `return new C()`, `return C.instance`, `return this.instance ?? …`, `return (C.instance ??= new C())`.
 * A call (`return this.build()`) is not the class's instance, only something it computes.
 */
function returnsOwnInstance(
	index: Pick<AccessorIndex, "fileLines">,
	member: DefRow,
	className: string,
): boolean {
	if (!member.file || member.startLine === null || member.endLine === null) return false;
	const body = index.fileLines(member.file, member.startLine, member.endLine)?.join("\n") ?? "";
	const owner = `(?:${escapeRegExp(className)}|this)`;
	const held = `${owner}(?:\\??\\.#?[\\w$]+)?\\s*(?:[!;)}]|\\?\\?|\\|\\||as\\b|$)`;
	return new RegExp(`\\breturn\\s+\\(?\\s*(?:new\\s+${owner}\\b|${held})`, "m").test(body);
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
