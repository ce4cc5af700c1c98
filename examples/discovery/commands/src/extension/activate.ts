import * as vscode from "vscode";
import { openPanel, refreshTree } from "./panel";

/** An editor extension registers its commands by id; menus and other code run them by that id. */
export function activate(context: vscode.ExtensionContext) {
	context.subscriptions.push(
		vscode.commands.registerCommand("notes.openPanel", openPanel),
		vscode.commands.registerCommand("notes.refreshTree", refreshTree),
	);
}
