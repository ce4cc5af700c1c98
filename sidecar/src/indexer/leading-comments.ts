/**
 * The comments written above a declaration, read two ways. `leadingDoc`: every leading comment's
 * words, which search reads (defs.doc, defs_fts). `leadingDescription`: only the last block, which
 * an answer says in words (defs.description) — a file header, a licence, a banner, a commented-out
 * method with its own comment in an earlier block, or commented-out code, describes something else.
 */
import { ts } from "#ts-morph";

const MAX_DOC = 1200;
/** Directives to a tool, not words about the code. */
const TOOL_DIRECTIVE = /^\/\/\s*(eslint|@ts-|prettier|biome|#region|#endregion)/;
const LICENCE = /\bcopyright\b|\bSPDX-License-Identifier\b|\blicen[cs]ed under\b|\(c\)\s*\d{4}/i;
const BLANK_LINE = /\n[ \t]*\r?\n/;
/** A note to the code's authors (`TODO: …`, `FIXME …`), not words on what the code is. */
const AUTHOR_NOTE = /^(?:TODO|FIXME|XXX|HACK)\b/;
/** Lines of commented-out code tried at most (a longer block is read as prose). */
const MAX_CODE_LINES = 60;

/** Both readings of the comments above a declaration. */
export function leadingComments(
	node: ts.Node,
	text: string,
): { doc: string | null; description: string | null } {
	return { doc: leadingDoc(node, text), description: leadingDescription(node, text) };
}

/** Leading comment text of a statement (JSDoc or line comments), without comment markers. */
export function leadingDoc(node: ts.Node, text: string): string | null {
	const ranges = ts.getLeadingCommentRanges(text, node.getFullStart());
	if (!ranges?.length) return null;
	const doc = commentsText(ranges, text);
	return doc ? doc.slice(0, MAX_DOC) : null;
}

/**
 * The comment block attached to a declaration: the last block of leading comments (blocks are
 * parted by blank lines), even with a blank line below it — many write a method's comment, a blank
 * line, then the method — unless it is a banner (a section's title), a licence, a TODO or
 * commented-out code; a commented-out method with its comment sits in an earlier block.
 */
export function leadingDescription(node: ts.Node, text: string): string | null {
	const ranges = ts.getLeadingCommentRanges(text, node.getFullStart());
	if (!ranges?.length) return null;
	const gapBefore = (i: number) =>
		BLANK_LINE.test(text.slice((ranges[i - 1] as ts.CommentRange).end, (ranges[i] as ts.CommentRange).pos));
	let first = ranges.length - 1;
	while (first > 0 && !gapBefore(first)) first--;
	const block = ranges.slice(first);
	const description = commentsText(block, text);
	const last = ranges.at(-1) as ts.CommentRange;
	const declarationAt = last.end + (/^\s*/.exec(text.slice(last.end, last.end + 400))?.[0].length ?? 0);
	const standsApart = BLANK_LINE.test(text.slice(last.end, declarationAt));
	if (!description || LICENCE.test(description) || AUTHOR_NOTE.test(description)) return null;
	if (isBanner(description, standsApart)) return null;
	const isJsDoc = block.some((r) => text.startsWith("/**", r.pos));
	if (!isJsDoc && endsInCode(description)) return null;
	return description.slice(0, MAX_DOC);
}

/** A line of rule characters only (`-----`, `=====`, `// ─────`). */
const RULE_LINE = /^[-=─━*/#_~+]{3,}$/;
/** Rule characters framing a title (`─── Helpers ───`, `--- Parser ---`). */
const FRAME = /^[-=─━*/#_~]{3,}\s*|\s*[-=─━*/#_~]{3,}$/g;
/** Words that open a sentence saying what code does; a short line without one is a title. */
const OPENING_VERB =
	/^(?:is|are|was|does|do|can|may|must|should|will|gets?|sets?|returns?|creates?|makes?|builds?|finds?|renders?|sends?|adds?|removes?|deletes?|updates?|checks?|handles?|loads?|saves?|reads?|writes?|runs?|calls?|converts?|parses?|fetch(?:es)?|resolves?|registers?|validates?|computes?|generates?|starts?|stops?|initiali[sz]es?|shows?|hides?|opens?|closes?|emits?|listens?|wraps?|maps?|used?|uses|invoked?|called)$/i;

/**
 * Whether a comment is a section's banner, not a description: one line of title with rule lines or a
 * frame around it (`// -----`⏎`// Helpers`⏎`// -----`, `─── Helpers ───`), or, with a blank line
 * below it, one short line with no sentence punctuation and no verb (`// Mutations`, `// API
 * getters`) — right above a declaration such a line names it (`// Default timeout`). A long comment
 * with a framed heading inside it is a description.
 */
function isBanner(description: string, standsApart: boolean): boolean {
	const lines = description.split("\n").map((l) => l.trim());
	const content = lines.filter((l) => l && !RULE_LINE.test(l)).map((l) => l.replace(FRAME, ""));
	const ruled =
		content.length < lines.filter(Boolean).length || lines.some((l) => l.replace(FRAME, "") !== l);
	if (ruled) return content.length <= 1;
	if (!standsApart || lines.length > 1) return false;
	const title = lines[0] ?? "";
	const titleWords = title.split(/\s+/);
	return (
		titleWords.length <= 3 && !/[.!?:,;()`'"]/.test(title) && !titleWords.some((w) => OPENING_VERB.test(w))
	);
}

/** Comments as text, without comment markers or tool directives, one line each. */
function commentsText(ranges: readonly ts.CommentRange[], text: string): string {
	return ranges
		.map((r) => text.slice(r.pos, r.end))
		.filter((c) => !TOOL_DIRECTIVE.test(c))
		.map((c) =>
			c
				.replace(/^\/\*\*?/, "")
				.replace(/\*\/$/, "")
				.split("\n")
				.map((l) => l.replace(/^\s*(\*|\/\/)\s?/, "").trimEnd())
				.join("\n")
				.trim(),
		)
		.filter(Boolean)
		.join("\n");
}

/**
 * Whether a comment's text is, or ends in, commented-out code: some tail of its lines parses, as
 * statements or as class methods, with no syntax error, and does something (a declaration, a
 * call, an assignment …). Prose words in a row are a syntax error; the prose above such code is
 * that code's comment. A worked example (`@example`, a fenced block, an `Examples:` line, code right
 * below a line ending in `:`) is part of a description.
 */
function endsInCode(description: string): boolean {
	const lines = description.split("\n");
	const lastLine = lines.at(-1) ?? "";
	if (
		/[.!?:]$/.test(lastLine) ||
		/@example|```|^\s*(?:examples?|usage)\s*:\s*$/im.test(description) ||
		lines.length > MAX_CODE_LINES
	)
		return false;
	let codeFrom = -1;
	for (let i = lines.length - 1; i >= 0; i--) {
		const tail = lines.slice(i).join("\n");
		if (isCode(tail) || isCode(`class C {\n${tail}\n}`, true)) codeFrom = i;
	}
	return codeFrom >= 0 && !/:$/.test(lines[codeFrom - 1]?.trim() ?? "");
}

function isCode(source: string, asMembers = false): boolean {
	const sf = ts.createSourceFile("comment.tsx", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
	const errors = (sf as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
	if (errors.length > 0) return false;
	if (!asMembers) return sf.statements.length > 0 && sf.statements.every(doesSomething);
	const members = (sf.statements[0] as ts.ClassDeclaration | undefined)?.members ?? [];
	return members.some((m) => ts.isMethodDeclaration(m) || ts.isAccessor(m) || ts.isConstructorDeclaration(m));
}

/** A statement that is code: not a bare name, a label or a bullet (`Deprecated`, `TODO: x`, `- item`). */
function doesSomething(st: ts.Statement): boolean {
	if (ts.isEmptyStatement(st) || ts.isLabeledStatement(st)) return false;
	if (!ts.isExpressionStatement(st)) return true;
	const e = st.expression;
	return (
		ts.isCallExpression(e) ||
		ts.isNewExpression(e) ||
		ts.isAwaitExpression(e) ||
		ts.isDeleteExpression(e) ||
		ts.isPostfixUnaryExpression(e) ||
		(ts.isBinaryExpression(e) &&
			e.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
			e.operatorToken.kind <= ts.SyntaxKind.LastAssignment)
	);
}
