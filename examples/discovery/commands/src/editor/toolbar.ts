import type { Editor } from "./editor";

export function onBoldClick(editor: Editor) {
	editor.commands.execute("bold");
}

export function onUnderlineKey(editor: Editor) {
	editor.commands.execute("underline");
}
