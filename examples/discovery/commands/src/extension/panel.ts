import * as vscode from "vscode";

export function openPanel() {
	return vscode.window.showInformationMessage("panel");
}

export async function refreshTree() {
	await vscode.commands.executeCommand("notes.openPanel");
}

export async function onSave() {
	await vscode.commands.executeCommand("notes.refreshTree");
	// The editor's own command: registered by no code here.
	await vscode.commands.executeCommand("workbench.action.files.save");
}
