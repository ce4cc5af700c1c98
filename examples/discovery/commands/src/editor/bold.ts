import { Command, type Editor } from "./editor";

export class AttributeCommand extends Command {
	constructor(
		editor: Editor,
		private readonly attribute: string,
	) {
		super(editor);
	}

	execute() {
		return this.attribute;
	}
}

/** Inherits `execute` from its base class. */
export class UnderlineCommand extends AttributeCommand {}

export function setupBasicStyles(editor: Editor) {
	editor.commands.add("bold", new AttributeCommand(editor, "bold"));
	editor.commands.add("underline", new UnderlineCommand(editor, "underline"));
}
