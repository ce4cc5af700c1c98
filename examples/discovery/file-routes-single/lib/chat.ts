export async function ask(prompt: string) {
	const res = await fetch("/api/chat", { method: "POST", body: JSON.stringify({ prompt }) });
	return res.json();
}
