/**
 * The comments written above a declaration, read two ways. `leadingDoc`: every leading comment's
 * words, which search reads (defs.doc, defs_fts). `leadingDescription`: only the block attached to
 * the declaration (no blank line between), which an answer says in words (defs.description) — a file
 * header, a licence or a commented-out method with its own comment, above a blank line, or
 * commented-out code right above, describes something else.
 */
import { ts } from "#ts-morph";

const MAX_DOC = 1200;
/** Directives to a tool, not words about the code. */
const TOOL_DIRECTIVE = /^\/\/\s*(eslint|@ts-|prettier|biome|#region|#endregion)/;
const LICENCE = /\bcopyright\b|\bSPDX-License-Identifier\b|\blicen[cs]ed under\b|\(c\)\s*\d{4}/i;
const BLANK_LINE = /\n[ \t]*\r?\n/;
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
 * The comment block attached to a declaration: the leading comments after the last blank line, when
 * they are neither a licence nor commented-out code. Line comments above a blank line are a note on
 * a section (`// API getters`, a TODO), not this declaration's; a `/* … *\/` block stands for itself,
 * and is often written with a blank line below it.
 */
export function leadingDescription(node: ts.Node, text: string): string | null {
	const ranges = ts.getLeadingCommentRanges(text, node.getFullStart());
	if (!ranges?.length) return null;
	const gapAfter = (r: ts.CommentRange, to: number) => BLANK_LINE.test(text.slice(r.end, to));
	const last = ranges.at(-1) as ts.CommentRange;
	const declarationAt = last.end + (/^\s*/.exec(text.slice(last.end, last.end + 400))?.[0].length ?? 0);
	if (last.kind === ts.SyntaxKind.SingleLineCommentTrivia && gapAfter(last, declarationAt)) return null;
	let first = ranges.length - 1;
	while (first > 0 && !gapAfter(ranges[first - 1] as ts.CommentRange, (ranges[first] as ts.CommentRange).pos))
		first--;
	const block = ranges.slice(first);
	const description = commentsText(block, text);
	if (!description || LICENCE.test(description) || endsInCode(description)) return null;
	return description.slice(0, MAX_DOC);
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
 * that code's comment. A worked example (`@example`, a fenced block) is part of a description.
 */
function endsInCode(description: string): boolean {
	const lines = description.split("\n");
	const lastLine = lines.at(-1) ?? "";
	if (/[.!?:]$/.test(lastLine) || /@example|```/.test(description) || lines.length > MAX_CODE_LINES)
		return false;
	for (let i = lines.length - 1; i >= 0; i--) {
		const tail = lines.slice(i).join("\n");
		if (isCode(tail) || isCode(`class C {\n${tail}\n}`, true)) return true;
	}
	return false;
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
