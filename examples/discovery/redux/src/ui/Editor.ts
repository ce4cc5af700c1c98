// Objects with a `type` that are not actions: an AST walker's switch and form inputs.
interface Node {
	type: string;
	children?: Node[];
}

export function countText(node: Node): number {
	switch (node.type) {
		case "text":
			return 1;
		case "element":
			return (node.children ?? []).reduce((n, c) => n + countText(c), 0);
		default:
			return 0;
	}
}

export function fields() {
	return [
		{ type: "text", name: "title" },
		{ type: "element", name: "body" },
	];
}
